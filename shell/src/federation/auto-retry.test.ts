import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_RETRY_BACKOFF, startAutoRetry, type PageVisibility } from './auto-retry.ts';

/** A page whose visibility the test sets. */
function fakePage(initial: DocumentVisibilityState = 'visible') {
  const listeners = new Set<() => void>();
  const page = {
    visibilityState: initial,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  return {
    page: page as unknown as PageVisibility,
    listeners,
    show(state: DocumentVisibilityState) {
      page.visibilityState = state;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** Tries that fail until `worksFrom` (1-based), recording when each one started. */
function tries(worksFrom = Infinity) {
  const startedAt: number[] = [];
  const attempt = async () => {
    startedAt.push(Date.now());
    return startedAt.length >= worksFrom;
  };
  return { attempt, startedAt };
}

/** Tries that each wait until the test calls `release()` (the latest one then fails), counting how many began. */
function heldTries() {
  let release = () => {};
  const held = {
    count: 0,
    attempt: () => {
      held.count++;
      return new Promise<boolean>((resolve) => {
        release = () => resolve(false);
      });
    },
    release: () => release(),
  };
  return held;
}

const exactly = { ...REMOTE_RETRY_BACKOFF, jitter: 0 };

describe('startAutoRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('tries again after 1, 2, 4 and 8 s, then every 15 s', async () => {
    const { attempt, startedAt } = tries();
    const { page } = fakePage();
    const stop = startAutoRetry({ attempt, backoff: exactly, page });
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 15_000 + 15_000);
    expect(startedAt).toEqual([1000, 3000, 7000, 15_000, 30_000, 45_000]);
    stop();
  });

  it('stops at the first try that works', async () => {
    const { attempt, startedAt } = tries(3);
    const { page, listeners } = fakePage();
    startAutoRetry({ attempt, backoff: exactly, page });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(startedAt).toHaveLength(3);
    expect(listeners.size).toBe(0);
  });

  it('counts a try that throws as failed, and goes on', async () => {
    let count = 0;
    const attempt = async () => {
      count++;
      if (count === 1) throw new Error('manifest 502');
      return true;
    };
    startAutoRetry({ attempt, backoff: exactly, page: fakePage().page });
    await vi.advanceTimersByTimeAsync(3000);
    expect(count).toBe(2);
  });

  it('spreads the pauses with the jitter', async () => {
    const { attempt, startedAt } = tries();
    const stop = startAutoRetry({ attempt, random: () => 0, page: fakePage().page });
    await vi.advanceTimersByTimeAsync(800 + 1600);
    expect(startedAt).toEqual([800, 2400]);
    stop();
  });

  it('asks nothing after stop (the fallback unmounted), even for a try under way', async () => {
    const held = heldTries();
    const { page, listeners } = fakePage();
    const stop = startAutoRetry({ attempt: held.attempt, backoff: exactly, page });
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.count).toBe(1);
    stop();
    held.release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(held.count).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('asks nothing while the page is hidden, and tries at once when it is shown again', async () => {
    const { attempt, startedAt } = tries();
    const visibility = fakePage();
    const stop = startAutoRetry({ attempt, backoff: exactly, page: visibility.page });
    await vi.advanceTimersByTimeAsync(1000);
    expect(startedAt).toEqual([1000]);
    visibility.show('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(startedAt).toEqual([1000]);
    visibility.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(startedAt).toEqual([1000, 121_000]);
    // And on from there with the next pause.
    await vi.advanceTimersByTimeAsync(4000);
    expect(startedAt).toEqual([1000, 121_000, 125_000]);
    stop();
  });

  it('does not start while the page is hidden', async () => {
    const { attempt, startedAt } = tries(1);
    const visibility = fakePage('hidden');
    startAutoRetry({ attempt, backoff: exactly, page: visibility.page });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(startedAt).toEqual([]);
    visibility.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(startedAt).toEqual([60_000]);
  });

  it('runs one try at a time when the page is shown during a try', async () => {
    const held = heldTries();
    const visibility = fakePage();
    const stop = startAutoRetry({ attempt: held.attempt, backoff: exactly, page: visibility.page });
    await vi.advanceTimersByTimeAsync(1000);
    visibility.show('hidden');
    visibility.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(held.count).toBe(1);
    held.release();
    await vi.advanceTimersByTimeAsync(2000);
    expect(held.count).toBe(2);
    stop();
  });
});
