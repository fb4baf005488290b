// A remote that could not be loaded is asked for again by itself while its fallback shows: after 1 s, then
// 2, 4, 8, then about every 15 s (spread a little, so that the pages that lost the same server do not all
// come back to it at once). Nothing is asked while the page is hidden; shown again, it tries at once.
import { backoffDelay, type Backoff } from '@keisha/contracts';

export const REMOTE_RETRY_BACKOFF: Backoff = { firstMs: 1000, maxMs: 15_000, jitter: 0.2 };

/** What the retries need to know of the page: whether it is shown, and when that changes. */
export type PageVisibility = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export interface AutoRetryOptions {
  /** One try: true when it worked, which ends the retries. A throw counts as a failed try. */
  attempt: () => Promise<boolean>;
  backoff?: Backoff;
  /** A number in [0, 1), like Math.random: the spread of the pauses. */
  random?: () => number;
  page?: PageVisibility;
}

/**
 * Starts trying again after the failure that has just happened, with growing pauses, until a try works or the
 * returned stop() is called (the fallback went away). One try at a time.
 */
export function startAutoRetry({
  attempt,
  backoff = REMOTE_RETRY_BACKOFF,
  random = Math.random,
  page = typeof document === 'undefined' ? undefined : document,
}: AutoRetryOptions): () => void {
  let done = false;
  let running = false;
  /** Failures so far, the one that showed the fallback included: the next pause follows from it. */
  let failures = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hidden = () => page?.visibilityState === 'hidden';

  const cancelTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const schedule = () => {
    cancelTimer();
    if (done || hidden()) return;
    timer = setTimeout(() => void run(), backoffDelay(failures, backoff, random));
  };

  const run = async () => {
    timer = undefined;
    if (done || running || hidden()) return;
    running = true;
    let worked = false;
    try {
      worked = await attempt();
    } catch {
      worked = false;
    }
    running = false;
    if (done) return;
    if (worked) {
      stop();
      return;
    }
    failures++;
    schedule();
  };

  const onVisibilityChange = () => {
    if (done) return;
    if (hidden()) cancelTimer();
    else if (!running) void run();
  };

  function stop() {
    done = true;
    cancelTimer();
    page?.removeEventListener('visibilitychange', onVisibilityChange);
  }

  page?.addEventListener('visibilitychange', onVisibilityChange);
  schedule();
  return stop;
}
