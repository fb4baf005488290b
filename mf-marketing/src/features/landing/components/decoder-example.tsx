import type { CSSProperties } from 'react';
import { CARD_EXAMPLE, firstSentence, markedPieces, scoreBand } from '../domain/engine-examples.ts';
import styles from './landing.module.css';

/** The words a screen reader hears for the band, as the decoder's dial colours it (spec section 2). */
const BAND_LABEL = { red: 'red band', orange: 'orange band', cyan: 'cyan band', green: 'green band' } as const;

/**
 * A decoder result in the hero: what the News Decoder's engine answers for this sentence today, score and
 * findings generated from the engine at build time (engine-examples.json), never a made-up figure.
 */
export function DecoderExample() {
  const { score, terms } = CARD_EXAMPLE;
  const band = scoreBand(score);
  return (
    <figure className={styles.example} data-testid="decoder-example">
      <div className={styles.exampleHeader}>
        <span className={styles.exampleTitle}>Example analysis</span>
        <span
          className={styles.exampleScore}
          role="img"
          aria-label={`Bias score ${score} out of 100, ${BAND_LABEL[band]}`}
          style={{ '--score': score, '--band': `var(--k-score-${band})` } as CSSProperties}
        >
          <span aria-hidden="true">{score}</span>
        </span>
      </div>
      <blockquote className={styles.exampleQuote}>
        {markedPieces(CARD_EXAMPLE).map((piece, index) =>
          piece.term ? (
            <mark key={index} className={styles.exampleMark}>
              {piece.text}
            </mark>
          ) : (
            piece.text
          ),
        )}
      </blockquote>
      <ul className={styles.exampleTerms}>
        {terms.map((item) => (
          <li key={item.term} className={styles.exampleTerm}>
            <span className={styles.exampleTermName}>{item.term}</span>
            <span className={styles.exampleTermText}>{firstSentence(item.explanation)}</span>
          </li>
        ))}
      </ul>
      <figcaption className={styles.exampleCaption}>What the News Decoder returns for this sentence today.</figcaption>
    </figure>
  );
}
