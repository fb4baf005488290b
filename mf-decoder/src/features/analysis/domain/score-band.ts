// Spec sections 2 and 9: the score's scale and the dial; the colour bands are the decoder's (lib/score-band.ts).

export { scoreBand, type ScoreBand } from '../../../lib/score-band.ts';

export const SCORE_MAX = 100;
/** Spec section 9: the dial is 160 px across. */
export const DIAL_SIZE = 160;

/** A score as the dial shows it: a whole number from 0 to 100 (anything unreadable is 0). */
export function clampScore(score: unknown): number {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 0;
  return Math.min(SCORE_MAX, Math.max(0, Math.round(score)));
}

export function scoreLabel(score: number): string {
  return `Bias score ${score} out of ${SCORE_MAX}`;
}
