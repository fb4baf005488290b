// Batches of concurrent requests for one shared round trip (a statement and its commit, a question to
// another service): while `concurrency` batches are under way, new requests wait and then go together,
// up to maxBatchSize in one. An idle process sends at once (after the current turn of the event loop,
// so requests read in the same turn share a batch); a busy one sends fewer, larger batches. A batch that
// hangs stops holding the next ones back after `maxWaitMs`.
import DataLoader from 'dataloader';

export interface BatchOptions {
  /** Most requests in one batch. */
  maxBatchSize?: number;
  /** Batches under way at the same time. */
  concurrency?: number;
  /** After this long a batch that has not finished stops holding the next one back. */
  maxWaitMs?: number;
}

/**
 * `run` gets the waiting requests in order of arrival and answers each, by index, with its result or
 * an Error (which rejects only that request). Returns the function that queues one request.
 */
export function batches<K, V>(run: (batch: readonly K[]) => Promise<ReadonlyArray<V | Error>>, { maxBatchSize = 100, concurrency = 2, maxWaitMs = 200 }: BatchOptions = {}) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    while (running < concurrency && waiting.length > 0) waiting.shift()!(); // dispatching calls the batch function
  };
  const loader = new DataLoader<K, V>(
    (batch) => {
      running++;
      let counted = true;
      const done = () => {
        if (!counted) return;
        counted = false;
        running--;
        next();
      };
      setTimeout(done, maxWaitMs).unref();
      const answered = run(batch);
      void answered.then(done, done);
      return answered;
    },
    {
      cache: false, // every request is asked anew, never answered from an earlier one
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        waiting.push(dispatch);
        setImmediate(next);
      },
    },
  );
  return (request: K) => loader.load(request);
}
