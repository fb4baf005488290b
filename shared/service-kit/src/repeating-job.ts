// A job that runs on a timer in every replica (identity's newsletter, receipts, erasures and housekeeping; the
// decoder's guest sweep): run, log a failure, wait `everyMs`, run again. The timer never holds the process open;
// `stop` waits for a run in progress. `nudge` runs it soon instead of at the next tick (after a request queued work
// for it); a nudge during a run makes one more run follow it, so work queued while it ran is not left for the next
// tick.
import type { FastifyBaseLogger } from 'fastify';

export interface RepeatingJob {
  start(): void;
  stop(): Promise<void>;
  nudge(): void;
}

export function repeatingJob(
  name: string,
  run: () => Promise<unknown>,
  { everyMs, log, enabled, firstAfterMs = Math.min(5000, everyMs) }: { everyMs: number; log: FastifyBaseLogger; enabled: boolean; firstAfterMs?: number },
): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = true;

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      again = false;
      running = run()
        .catch((error) => log.error({ err: error }, `${name} failed`))
        .finally(() => {
          running = undefined;
          schedule(again ? 0 : everyMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (!enabled || !stopped) return;
      stopped = false;
      schedule(firstAfterMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    nudge() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
  };
}
