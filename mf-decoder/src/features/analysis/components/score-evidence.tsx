import type { ScoreEvidence as Evidence } from '@keisha/contracts/decoder';
import { effectText, evidenceRest } from '../domain/score-evidence.ts';
import styles from './result.module.css';

/**
 * What moved the score (issue 31): where a typical sentence starts, then the few pieces of evidence
 * that moved this article's score most, so that a score with no flagged term still says what raised it.
 */
export function ScoreEvidence({ evidence, score }: { evidence: Evidence[]; score: number }) {
  if (evidence.length === 0) return null;
  const baseline = evidence.find((piece) => piece.kind === 'baseline');
  const moved = evidence.filter((piece) => piece.kind !== 'baseline');
  const rest = evidenceRest(evidence, score);
  return (
    <section className={styles.evidence} aria-labelledby="score-evidence-title">
      <h4 id="score-evidence-title" className={styles.evidenceTitle}>
        What moved the score
      </h4>
      {baseline && (
        <p className={styles.evidenceBaseline}>
          Starts at {baseline.effect}: {baseline.label.charAt(0).toLowerCase() + baseline.label.slice(1)}.
        </p>
      )}
      {moved.length > 0 && (
        <ul className={styles.evidenceList}>
          {moved.map((piece, index) => (
            <li key={index} className={styles.evidenceItem} data-kind={piece.kind}>
              <span className={piece.effect > 0 ? styles.effectUp : styles.effectDown} aria-label={`${piece.effect > 0 ? 'raised' : 'lowered'} by ${Math.abs(piece.effect)} points`}>
                {effectText(piece.effect)}
              </span>
              <span>{piece.label}</span>
            </li>
          ))}
        </ul>
      )}
      {rest !== null && (
        <p className={styles.evidenceBaseline}>
          Ends at {score}
          {rest === 0 ? '.' : `, with ${effectText(rest)} from smaller effects and the way the effects combine.`}
        </p>
      )}
    </section>
  );
}
