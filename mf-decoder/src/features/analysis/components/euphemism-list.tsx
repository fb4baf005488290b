import type { DetectedTerm } from '@keisha/contracts/decoder';
import { useId } from 'react';
import {
  categoryCountsLine,
  categoryLabel,
  CODEWORD_BADGE,
  NO_EUPHEMISMS,
  repeatBadge,
  RESULT_TITLES,
  safeExternalUrl,
} from '../domain/findings.ts';
import { sectionStyles as section } from '@keisha/ui';
import styles from './result.module.css';

/** Spec section 2: 'Detected Euphemisms', with the codeword and repeat badges, and counts per category. */
export function EuphemismList({ terms }: { terms: readonly DetectedTerm[] }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {RESULT_TITLES.euphemisms}
      </h3>
      {terms.length === 0 ? (
        <p className={section.muted}>{NO_EUPHEMISMS}</p>
      ) : (
        <>
          <p className={`${section.muted} ${styles.categoryCounts}`}>{categoryCountsLine(terms)}</p>
          <ul className={styles.termList}>
            {terms.map((term, index) => (
              <TermItem key={`${term.term}-${index}`} term={term} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function TermItem({ term }: { term: DetectedTerm }) {
  const repeat = repeatBadge(term.count);
  const source = safeExternalUrl(term.source_url);
  return (
    <li className={`${styles.termItem} ${term.is_codeword ? styles.termItemCodeword : ''}`}>
      <div className={styles.termHead}>
        <span className={styles.termName}>{term.term}</span>
        {term.is_codeword && <span className={`${styles.badge} ${styles.badgeCodeword}`}>{CODEWORD_BADGE}</span>}
        {repeat && (
          <span className={`${styles.badge} ${styles.badgeCount}`}>
            <span aria-hidden="true">{repeat}</span>
            <span className="k-visually-hidden">{`${term.count} occurrences`}</span>
          </span>
        )}
        {term.category && <span className={styles.termCategory}>{categoryLabel(term.category)}</span>}
      </div>
      {term.explanation && <p className={styles.termExplanation}>{term.explanation}</p>}
      {source && (
        <a
          className={styles.sourceLink}
          href={source}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Source for ${term.term} (opens in a new tab)`}
        >
          Source
        </a>
      )}
    </li>
  );
}
