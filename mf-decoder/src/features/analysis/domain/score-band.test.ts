import { describe, expect, it } from 'vitest';
import { clampScore, scoreBand, scoreLabel } from './score-band.ts';

describe('scoreBand', () => {
  it.each([
    [100, 'red'],
    [76, 'red'],
    [75.5, 'red'],
    [75, 'orange'],
    [51, 'orange'],
    [50, 'cyan'],
    [26, 'cyan'],
    [25, 'green'],
    [0, 'green'],
  ])('colours %d %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});

describe('clampScore', () => {
  it('rounds to a whole number between 0 and 100', () => {
    expect(clampScore(72.4)).toBe(72);
    expect(clampScore(72.5)).toBe(73);
    expect(clampScore(-3)).toBe(0);
    expect(clampScore(140)).toBe(100);
  });

  it('reads anything that is not a finite number as 0', () => {
    expect(clampScore(Number.NaN)).toBe(0);
    expect(clampScore(Infinity)).toBe(0);
    expect(clampScore('80')).toBe(0);
    expect(clampScore(undefined)).toBe(0);
  });
});

describe('scoreLabel', () => {
  it('names the score for assistive technology', () => {
    expect(scoreLabel(72)).toBe('Bias score 72 out of 100');
  });
});
