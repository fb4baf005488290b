import { cardStyles as card } from '@keisha/ui';
import { SectionHeading } from './section-heading.tsx';
import styles from './landing.module.css';

const FEATURES = [
  {
    title: 'News Decoder',
    text: 'Paste an article to get a bias score from 0 to 100, every euphemism and codeword it uses with an explanation, an analyst summary, and a translation that says plainly what the original implied.',
  },
  {
    title: 'Keisha, the chat assistant',
    text: 'Ask a counter-racist scholar about racial bias in AI systems, how white supremacy works as a system, or how to answer what you just read. Available to members who sign in.',
  },
  {
    title: 'Enterprise AI-ethics audits',
    text: 'We review the language your models, content pipelines and communications produce, show where racial bias enters, and give your teams a framework to remove it.',
  },
];

export function SolutionSection() {
  return (
    <section id="solution" className={styles.section} aria-labelledby="landing-solution-title">
      <SectionHeading id="landing-solution-title" eyebrow="The solution" title="One platform for reading between the lines">
        Keisha pairs a decoder for the news you read with an assistant for the questions it raises, and audits for
        the language your organization publishes.
      </SectionHeading>
      <ul className={styles.features}>
        {FEATURES.map((feature, index) => (
          <li key={feature.title} className={`${card.card} ${styles.feature}`}>
            <span className={styles.featureNumber} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className={styles.featureTitle}>{feature.title}</h3>
            <p className={styles.featureText}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
