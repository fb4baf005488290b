import { Link } from 'react-router-dom';
import { cardStyles as card, sectionStyles as section } from '@keisha/ui';
import { ExternalLink } from '../../../components/external-link.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { contactEmails, mailto } from '../../../config/links.ts';
import { paths } from '../../../config/paths.ts';
import styles from './about-page.module.css';

const MENDELSOHN_2023 = 'https://aclanthology.org/2023.acl-long.845/';
const SAP_2019 = 'https://aclanthology.org/P19-1163/';

const PRINCIPLES = [
  {
    title: 'Name the system',
    text: 'Racism is not only an individual attitude. It is a pattern in who gets described how, and we say so plainly.',
  },
  {
    title: 'Show the reasoning',
    text: 'Every flag comes with an explanation and a source, so a reader can check it and disagree on the evidence.',
  },
  {
    title: 'Measure ourselves',
    text: 'We test the decoder on expert-labelled news and publish how often it is wrong, including on unbiased text.',
  },
  {
    title: 'Keep the door open',
    text: 'The decoder is free to try without an account, because the people most affected by coded coverage should not have to pay to see it.',
  },
];

/** About (spec section 2): the motivation for the research and the founder, with a contact mail link. */
export function AboutPage() {
  return (
    <PageFrame
      title="Why and Who"
      lead="Keisha began with a question: why does so much coverage that never mentions race still leave readers with racist impressions? We build tools that make that framing visible, so the people who read, teach and publish the news can name it and change it."
    >
      <PageSection titleId="about-why-title" title="Why this research" className={styles.section}>
        <p>
          Coded racial language is built to slip past the people who hear it, and it slips past machines as well.
          When researchers tested a widely used toxicity classifier, hateful sentences that used a dog whistle were
          rated less toxic than the same sentences with a slur or a plain group label{' '}
          <ExternalLink href={MENDELSOHN_2023} className={styles.link}>
            (Mendelsohn et al., ACL 2023)
          </ExternalLink>
          . Tools meant to protect people can also turn against them: hate-speech classifiers have flagged tweets in
          African American English as offensive far more often than other tweets{' '}
          <ExternalLink href={SAP_2019} className={styles.link}>
            (Sap et al., ACL 2019)
          </ExternalLink>
          .
        </p>
        <p>
          So the field has two gaps: the language that does the most quiet damage is the least detected, and the
          detectors themselves carry bias. Keisha works on both. It reads for coded language on purpose, from a
          counter-racist standpoint that names white supremacy as a system, and it explains every finding so its own
          mistakes can be seen and corrected.
        </p>
        <p>
          The research behind it is written up on our{' '}
          <Link to={paths.knn} className={styles.link}>
            Keisha News Network page
          </Link>
          , with its sources, its evaluation and the objections it still has to answer.
        </p>
      </PageSection>

      <PageSection titleId="about-founder-title" title="The founder" className={styles.section}>
        <p>
          Keisha is founder-led and independent. Its founder set out to build the tool they wanted as a reader: one
          that treats a news story the way a counter-racist scholar would, says what a phrase is doing and why, and
          gives that reading to anyone with an article and a minute to spare. The assistant&apos;s voice, a patient
          scholar who explains rather than scolds, comes from that aim.
        </p>
        <p>
          Questions about the research, partnerships and press reach the founder through the address below.
        </p>
      </PageSection>

      <PageSection titleId="about-principles-title" title="What we hold to" className={styles.section}>
        <ul className={styles.principles}>
          {PRINCIPLES.map((principle) => (
            <li key={principle.title} className={`${card.card} ${styles.principle}`}>
              <h3 className={styles.principleTitle}>{principle.title}</h3>
              <p className={section.muted}>{principle.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection titleId="about-contact-title" title="Get in touch" className={styles.contact}>
        <p>
          Research collaborations, press, partnerships, or a story you want us to look at: write to{' '}
          <a className={styles.mail} href={mailto(contactEmails.hello, 'Hello from keisha.ai')}>
            {contactEmails.hello}
          </a>
          .
        </p>
      </PageSection>
    </PageFrame>
  );
}
