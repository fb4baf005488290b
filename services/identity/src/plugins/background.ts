// Work a request starts and does not wait for: its answer must not depend on what the work finds (a reset
// request answers the same whether or not the address has an account, and as fast). Closing the app waits for it.
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundWork {
  run(what: string, work: () => Promise<void>): void;
  /** Resolves when everything started so far has finished. */
  drain(): Promise<void>;
}

export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(what, work) {
      const done: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
