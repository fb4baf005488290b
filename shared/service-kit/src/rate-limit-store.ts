// Rate-limit counters shared by every replica (a Redis store), with this process's memory standing in while the
// shared store cannot answer in time. Why not fail open: every limit would be gone for as long as Redis is
// down, which is exactly when someone flooding the site wants it. Why not answer 503: a cache of counters
// would take the whole site down with it. In memory, each limit holds per process, so N replicas allow at
// most N times the documented figure during the outage, as before limits were shared, and the site answers.
// The memory counts every request all along, so a fallback starts from what this process has seen.

/** What a store answers: requests counted in the key's window, and the window's milliseconds left. */
export interface Counted {
  current: number;
  ttl: number;
}
export type CountedCallback = (error: Error | null, result?: Counted) => void;

/** The store interface @fastify/rate-limit calls (its LocalStore and RedisStore have this shape). */
export interface CountStore {
  incr(key: string, callback: CountedCallback, timeWindow: number, max: number): void;
  read?(key: string, callback: CountedCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): CountStore;
}

export interface CircuitOptions {
  /** Longest wait for the shared store's answer before the decision is taken in memory. */
  timeoutMs: number;
  /** After a failure, how long requests are decided in memory without asking the shared store. */
  cooldownMs: number;
  /** Called once when the shared store stops answering (not for every request). */
  onDown(error: Error): void;
  /** Called once when it answers again. */
  onUp(): void;
  now?: () => number;
}

/** Whether the shared store is answering, shared by a service's stores (one per limited route). */
export interface Circuit {
  readonly up: boolean;
  /** Decisions taken in memory because the shared store did not answer (or was not asked during a cooldown). */
  readonly decidedInMemory: number;
  readonly timeoutMs: number;
  shouldAsk(): boolean;
  answered(): void;
  failed(error: Error): void;
  skipped(): void;
  /** The store could not be reached at start (already said): down, asked again at the next request. */
  unreachableAtStart(): void;
}

export function createCircuit(options: CircuitOptions): Circuit {
  const now = options.now ?? Date.now;
  let up = true;
  let retryAt = 0;
  let decidedInMemory = 0;
  return {
    get up() {
      return up;
    },
    get decidedInMemory() {
      return decidedInMemory;
    },
    timeoutMs: options.timeoutMs,
    shouldAsk: () => up || now() >= retryAt,
    answered() {
      if (up) return;
      up = true;
      options.onUp();
    },
    failed(error) {
      decidedInMemory++;
      retryAt = now() + options.cooldownMs;
      if (!up) return;
      up = false;
      options.onDown(error);
    },
    skipped() {
      decidedInMemory++;
    },
    unreachableAtStart() {
      up = false;
    },
  };
}

export class SharedStoreTimeout extends Error {
  constructor(ms: number) {
    super(`the shared rate-limit store did not answer within ${ms} ms`);
    this.name = 'SharedStoreTimeout';
  }
}

/** A store asking `shared` first and deciding in `memory` when it cannot answer within the circuit's timeout. */
export function sharedWithFallback(shared: CountStore, memory: CountStore, circuit: Circuit): CountStore {
  const decide =
    (method: 'incr' | 'read') =>
    (key: string, callback: CountedCallback, timeWindow: number, max: number): void => {
      const local = (cb: CountedCallback) => (method === 'read' && memory.read ? memory.read(key, cb, timeWindow, max) : memory.incr(key, cb, timeWindow, max));
      // Counted in memory whatever happens, so a fallback starts from this process's recent requests.
      let inMemory: Counted | undefined;
      let memoryError: Error | null = null;
      local((error, result) => {
        memoryError = error;
        inMemory = result;
      });
      const fromMemory = () => callback(memoryError, inMemory);
      if (!circuit.shouldAsk()) {
        circuit.skipped();
        fromMemory();
        return;
      }
      let settled = false;
      const timer = setTimeout(() => settle(new SharedStoreTimeout(circuit.timeoutMs)), circuit.timeoutMs);
      function settle(error: Error | null, result?: Counted) {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error || !result) {
          circuit.failed(error ?? new Error('the shared rate-limit store gave no count'));
          fromMemory();
          return;
        }
        circuit.answered();
        callback(null, result);
      }
      const sharedMethod = method === 'read' && shared.read ? shared.read.bind(shared) : shared.incr.bind(shared);
      try {
        sharedMethod(key, settle, timeWindow, max);
      } catch (error) {
        settle(error instanceof Error ? error : new Error(String(error)));
      }
    };
  return {
    incr: decide('incr'),
    read: decide('read'),
    child: (routeOptions) => sharedWithFallback(shared.child(routeOptions), memory.child(routeOptions), circuit),
  };
}
