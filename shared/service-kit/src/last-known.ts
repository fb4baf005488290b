// Answers another service gives about a key (an account's plan), remembered so that a dependency that is
// down, slow or refusing never turns into a verdict about the reader (ARCHITECTURE.md "Failing safe").
//
// - An answer younger than `freshMs` is used without asking again, when `reusable` allows it (by default
//   every answer does).
// - Older, the dependency is asked (one question per key at a time). If it fails, the last answer is used
//   while it is younger than `staleMs`; with no answer that young, the lookup throws `NothingKnown` and the
//   caller answers 503 with a reason, never a guess.
// - After a failure, for `quietMs`, keys with a usable answer do not wait for the dependency: their answer
//   is used at once and one question per key goes out in the background. A dependency that hangs until the
//   time limit then costs the readers it knows nothing, not every request.
//
// Entries are evicted oldest first once `maxEntries` are held (a key asked again moves to the back).

export interface LastKnownOptions<V = unknown> {
  freshMs: number;
  staleMs: number;
  quietMs: number;
  maxEntries: number;
  /** Whether a fresh answer may be used without asking again (default: every answer); one that may not is asked again each time. */
  reusable?: (value: V) => boolean;
  /** Told of every failed question: whether an older answer stood in for it, or nothing was known. */
  onFailure?: (outcome: 'stale' | 'unavailable', key: string, error: unknown) => void;
  now?: () => number;
}

/** The dependency could not answer and no answer young enough is remembered. */
export class NothingKnown extends Error {
  readonly key: string;
  constructor(key: string, cause: unknown) {
    super(`no answer known for ${key}`, { cause });
    this.name = 'NothingKnown';
    this.key = key;
  }
}

interface Remembered<V> {
  value: V;
  at: number;
}

export function lastKnown<V>(ask: (key: string) => Promise<V>, options: LastKnownOptions<V>): (key: string) => Promise<V> {
  const { freshMs, staleMs, quietMs, maxEntries, onFailure, reusable = () => true, now = Date.now } = options;
  const memory = new Map<string, Remembered<V>>();
  const inflight = new Map<string, Promise<V>>();
  let failedAt = Number.NEGATIVE_INFINITY;

  const remember = (key: string, value: V) => {
    memory.delete(key);
    if (memory.size >= maxEntries) memory.delete(memory.keys().next().value!);
    memory.set(key, { value, at: now() });
  };

  /** One question per key at a time; a failure falls back on what is remembered, or throws NothingKnown. */
  const question = (key: string): Promise<V> => {
    let pending = inflight.get(key);
    if (!pending) {
      pending = ask(key)
        .then(
          (value) => {
            remember(key, value);
            return value;
          },
          (error: unknown) => {
            failedAt = now();
            const known = usable(key);
            onFailure?.(known ? 'stale' : 'unavailable', key, error);
            if (known) return known.value;
            throw new NothingKnown(key, error);
          },
        )
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };

  const usable = (key: string): Remembered<V> | undefined => {
    const known = memory.get(key);
    return known && now() - known.at < staleMs ? known : undefined;
  };

  return async (key) => {
    const known = memory.get(key);
    if (known && now() - known.at < freshMs && reusable(known.value)) return known.value;
    const stale = usable(key);
    if (stale && now() - failedAt < quietMs) {
      question(key).catch(() => {}); // refreshed in the background; its failure is reported by `question`
      return stale.value;
    }
    return question(key);
  };
}
