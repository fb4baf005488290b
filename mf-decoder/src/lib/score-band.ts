// Spec sections 2 and 9: the dial's colour bands, with their lower edges exclusive (75 is orange, 76 red). The
// dial, the history and the advanced strip colour a score by them, so one colour means one thing.
import styles from './score-band.module.css';

export type ScoreBand = 'red' | 'orange' | 'cyan' | 'green';

export function scoreBand(score: number): ScoreBand {
  if (score > 75) return 'red';
  if (score > 50) return 'orange';
  if (score > 25) return 'cyan';
  return 'green';
}

/** The class that sets --band-colour to the colour of `score`'s band. */
export function scoreBandClass(score: number): string {
  return styles[scoreBand(score)]!;
}
