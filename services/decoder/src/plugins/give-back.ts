// A use given back after a failure is given back even when the database cannot take it at that moment (a
// restart, a lost connection: the failure that made the analysis fail is often the same one). The give-back
// is tried at once; when it fails it is kept in this process and tried again with backoff until it succeeds
// or `giveUpAfterMs` passes, so a reader is not charged for an analysis the outage refused. What is still
// pending when the process stops is lost (logged with its count); a crash in that window costs those uses.

/** When a failed give-back is tried again: after `firstMs`, then twice as long each time, never more than `maxMs`. */
export function backoffDelay(attempts: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));
}

export interface GiveBackOptions {
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** The first retry's delay; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  giveUpAfterMs?: number;
  /** Give-backs kept at most; beyond, the oldest is dropped (and logged). */
  maxPending?: number;
}

export interface GiveBack<T> {
  /** Gives `item` back now, or as soon as the database takes it; never throws. */
  (item: T): Promise<void>;
  pending(): number;
  /** Stops retrying (the app closes); what is pending is logged. */
  stop(): void;
}

interface Pending<T> {
  item: T;
  since: number;
  attempts: number;
}

export function giveBackLater<T>(giveBack: (item: T) => Promise<void>, options: GiveBackOptions): GiveBack<T> {
  const { log, firstDelayMs = 500, maxDelayMs = 10_000, giveUpAfterMs = 15 * 60_000, maxPending = 10_000 } = options;
  const queue: Array<Pending<T>> = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = () => {
    if (timer || stopped || queue.length === 0) return;
    timer = setTimeout(retry, backoffDelay(queue[0]!.attempts, firstDelayMs, maxDelayMs));
    timer.unref();
  };

  async function retry(): Promise<void> {
    timer = undefined;
    while (queue.length > 0 && !stopped) {
      const next = queue[0]!;
      try {
        await giveBack(next.item);
        queue.shift();
      } catch (error) {
        next.attempts++;
        if (Date.now() - next.since > giveUpAfterMs) {
          queue.shift();
          log.error({ err: error, attempts: next.attempts }, 'a use could not be given back in time; the reader stays charged for it');
          continue;
        }
        break; // the database is still away: wait before the next try
      }
    }
    schedule();
  }

  const now = (async (item: T) => {
    try {
      await giveBack(item);
    } catch (error) {
      if (queue.length >= maxPending) {
        queue.shift();
        log.error({}, 'too many uses waiting to be given back; the oldest stays charged');
      }
      queue.push({ item, since: Date.now(), attempts: 1 });
      log.warn({ err: error, pending: queue.length }, 'a use could not be given back now; trying again until the database takes it');
      schedule();
    }
  }) as GiveBack<T>;
  now.pending = () => queue.length;
  now.stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (queue.length > 0) log.error({ pending: queue.length }, 'uses still waiting to be given back when the decoder stopped stay charged');
  };
  return now;
}
