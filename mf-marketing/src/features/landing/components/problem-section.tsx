import { externalLinks } from '../../../config/links.ts';
import { SectionHeading } from './section-heading.tsx';
import styles from './landing.module.css';

export function ProblemSection() {
  return (
    <section id="problem" className={`${styles.section} ${styles.split}`} aria-labelledby="landing-problem-title">
      <div>
        <SectionHeading id="landing-problem-title" eyebrow="The problem" title="Bias rarely announces itself" />
      </div>
      <div className={styles.sectionBody}>
        <p>
          Most slanted coverage never uses a slur. It works through word choice: which neighborhoods are called
          “inner-city”, who is a “thug” and who is “troubled”, whose protest is a “riot”. Readers absorb these frames
          without noticing them, and so do the AI systems trained on that coverage.
        </p>
        <p>
          Catching it takes careful, word-level reading. The researchers behind the BABE dataset had trained experts
          label 3,700 news sentences for bias, because labels from untrained crowd workers proved too unreliable.
        </p>
        <p>
          <a href={externalLinks.babePaper} target="_blank" rel="noopener noreferrer" className={styles.textLink}>
            Read the BABE study (Findings of EMNLP 2021)
          </a>
        </p>
      </div>
    </section>
  );
}
