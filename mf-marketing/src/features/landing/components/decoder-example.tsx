import type { CSSProperties } from 'react';
import styles from './landing.module.css';

const EXAMPLE_SCORE = 68;

const EXAMPLE_TERMS = [
  {
    term: 'inner-city',
    explanation: 'A place word that stands in for Black and brown neighborhoods without naming race.',
  },
  {
    term: 'urban unrest',
    explanation: 'Frames protest or hardship as disorder, and the people involved as a threat.',
  },
];

/** A static illustration of a decoder result in the hero: what the product returns, at a glance. */
export function DecoderExample() {
  return (
    <figure className={styles.example}>
      <div className={styles.exampleHeader}>
        <span className={styles.exampleTitle}>Example analysis</span>
        <span
          className={styles.exampleScore}
          role="img"
          aria-label={`Bias score ${EXAMPLE_SCORE} out of 100`}
          style={{ '--score': EXAMPLE_SCORE } as CSSProperties}
        >
          <span aria-hidden="true">{EXAMPLE_SCORE}</span>
        </span>
      </div>
      <blockquote className={styles.exampleQuote}>
        Police stepped up patrols in the <mark className={styles.exampleMark}>inner-city</mark> district after
        reports of <mark className={styles.exampleMark}>urban unrest</mark>, while residents of the quiet suburbs
        said they felt safe.
      </blockquote>
      <ul className={styles.exampleTerms}>
        {EXAMPLE_TERMS.map((item) => (
          <li key={item.term} className={styles.exampleTerm}>
            <span className={styles.exampleTermName}>{item.term}</span>
            <span className={styles.exampleTermText}>{item.explanation}</span>
          </li>
        ))}
      </ul>
      <figcaption className={styles.exampleCaption}>An illustration of what the News Decoder returns.</figcaption>
    </figure>
  );
}
