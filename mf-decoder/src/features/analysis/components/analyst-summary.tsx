import { useId } from 'react';
import { RESULT_TITLES, summaryParagraphs } from '../domain/findings.ts';
import { sectionStyles as section } from '@keisha/ui';
import panel from './analysis.module.css';
import styles from './result.module.css';

/** Spec section 2: 'Analyst Summary', paragraphs split on blank lines, in an area that scrolls (from the keyboard too). */
export function AnalystSummary({ summary }: { summary: string }) {
  const headingId = useId();
  const paragraphs = summaryParagraphs(summary);
  return (
    <section className={styles.section}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {RESULT_TITLES.summary}
      </h3>
      <div className={`${panel.inset} ${styles.summary}`} role="region" aria-labelledby={headingId} tabIndex={0}>
        {paragraphs.length === 0 ? (
          <p className={section.muted}>No summary was returned for this article.</p>
        ) : (
          paragraphs.map((paragraph, index) => <p key={index}>{paragraph}</p>)
        )}
      </div>
    </section>
  );
}
