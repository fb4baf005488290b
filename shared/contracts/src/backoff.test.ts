import { describe, expect, it } from 'vitest';
import { backoffDelay, type Backoff } from './backoff.ts';

const exactly: Backoff = { firstMs: 1000, maxMs: 15_000, jitter: 0 };
const middle = () => 0.5;

describe('backoffDelay', () => {
  it('doubles the pause after each failure, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => backoffDelay(n, exactly, middle))).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('never overflows, however many failures', () => {
    expect(backoffDelay(10_000, exactly, middle)).toBe(15_000);
    expect(backoffDelay(Number.MAX_SAFE_INTEGER, exactly, middle)).toBe(15_000);
  });

  it('treats anything below one failure as the first', () => {
    expect(backoffDelay(0, exactly, middle)).toBe(1000);
    expect(backoffDelay(-3, exactly, middle)).toBe(1000);
  });

  it('spreads the pause by the jitter, both ways, and never past the cap', () => {
    const spread: Backoff = { firstMs: 1000, maxMs: 15_000, jitter: 0.2 };
    expect(backoffDelay(1, spread, () => 0)).toBe(800);
    expect(backoffDelay(1, spread, () => 0.999_999)).toBe(1200);
    expect(backoffDelay(3, spread, () => 0.5)).toBe(4000);
    expect(backoffDelay(5, spread, () => 0)).toBe(12_000);
    expect(backoffDelay(5, spread, () => 0.999_999)).toBe(15_000);
  });

  it('stays within its bounds with a real random source', () => {
    const spread: Backoff = { firstMs: 1000, maxMs: 30_000, jitter: 0.25 };
    for (let failures = 1; failures <= 8; failures++) {
      const exact = Math.min(30_000, 1000 * 2 ** (failures - 1));
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(failures, spread);
        expect(delay).toBeGreaterThanOrEqual(exact * 0.75);
        expect(delay).toBeLessThanOrEqual(Math.min(30_000, exact * 1.25));
      }
    }
  });
});
