import { describe, expect, it } from 'vitest';
import { backoffDelay, giveBackLater } from './give-back.ts';

const quiet = { warn: () => {}, error: () => {} };
const until = async (condition: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('backoffDelay', () => {
  it('doubles from the first delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, 500, 10_000))).toEqual([500, 1000, 2000, 4000, 8000, 10_000]);
  });
});

describe('giveBackLater', () => {
  it('gives back at once when the database takes it', async () => {
    const given: string[] = [];
    const giveBack = giveBackLater(async (item: string) => void given.push(item), { log: quiet });
    await giveBack('a');
    expect(given).toEqual(['a']);
    expect(giveBack.pending()).toBe(0);
  });

  it('keeps a give-back the database refused and gives it back once it answers, in order, once each', async () => {
    let down = true;
    const given: string[] = [];
    const giveBack = giveBackLater(
      async (item: string) => {
        if (down) throw new Error('Connection terminated unexpectedly');
        given.push(item);
      },
      { log: quiet, firstDelayMs: 10, maxDelayMs: 20 },
    );
    await giveBack('a');
    await giveBack('b');
    expect(giveBack.pending()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(given).toEqual([]);
    down = false;
    await until(() => giveBack.pending() === 0);
    expect(given).toEqual(['a', 'b']);
    giveBack.stop();
  });

  it('gives up on a give-back after giveUpAfterMs, and stops retrying when stopped', async () => {
    let tries = 0;
    const errors: string[] = [];
    const giveBack = giveBackLater(
      async () => {
        tries++;
        throw new Error('down');
      },
      { log: { warn: () => {}, error: (_o, msg) => void errors.push(msg) }, firstDelayMs: 5, maxDelayMs: 5, giveUpAfterMs: 30 },
    );
    await giveBack('a');
    await until(() => giveBack.pending() === 0);
    expect(giveBack.pending()).toBe(0);
    expect(errors).toEqual(['a use could not be given back in time; the reader stays charged for it']);
    const triesThen = tries;
    await giveBack('b');
    giveBack.stop();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(tries).toBe(triesThen + 1); // only the immediate try, none after stop
  });
});
