import { Link } from 'react-router-dom';
import { cardStyles as card } from '@keisha/ui';
import { SelfHostedVideo } from '../../../components/self-hosted-video.tsx';
import { paths } from '../../../config/paths.ts';
import { LANDING_VIDEOS } from './landing-videos.ts';
import { SectionHeading } from './section-heading.tsx';
import styles from './landing.module.css';

const STEPS = [
  { title: 'Paste the article', text: 'Any news story, op-ed or press release, as plain text.' },
  { title: 'Run the analysis', text: 'Keisha reads the whole piece, not a keyword list. It can take up to a minute.' },
  { title: 'Read what it found', text: 'A bias score, the decoded terms with explanations, a summary and a translation.' },
];

export function DecoderSection() {
  return (
    <section id="decoder" className={styles.section} aria-labelledby="landing-decoder-title">
      <SectionHeading id="landing-decoder-title" eyebrow="The decoder" title="From article to analysis in three steps">
        The News Decoder is free to try: three analyses a day, with no account. It is built on two scholars&apos;
        frameworks of racism and white supremacy, so every flag comes with the reason behind it.
      </SectionHeading>
      <div className={styles.demo}>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={`${card.card} ${styles.step}`}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
        <SelfHostedVideo {...LANDING_VIDEOS.decoderDemo} />
      </div>
      <Link to={paths.decoder} className={styles.secondaryAction}>
        Decode an article
      </Link>
    </section>
  );
}
