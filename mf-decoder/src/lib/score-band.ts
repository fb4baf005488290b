// The score bands (spec sections 2 and 9, @keisha/contracts/decoder) as colours: the dial, the history and the
// advanced strip colour a score by them, so one colour means one thing.
import { scoreBand, type ScoreBand } from '@keisha/contracts/decoder';
import styles from './score-band.module.css';

export { scoreBand, type ScoreBand };

/** The class that sets --band-colour to the colour of `score`'s band. */
export function scoreBandClass(score: number): string {
  return styles[scoreBand(score)]!;
}
