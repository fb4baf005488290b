// What an API key's requests ask of other services (its owner's plan, its owner's account), kept briefly:
// an answer is reused for at most `ttlMs` per key, and only one question per key is in flight at a time.
// An undefined answer (the other service could not say) is never kept, so the next request asks again.

export interface BriefLookupOptions {
  ttlMs: number;
  maxEntries: number;
}

export function briefLookup<V>(ask: (key: string) => Promise<V | undefined>, { ttlMs, maxEntries }: BriefLookupOptions): (key: string) => Promise<V | undefined> {
  const cache = new Map<string, { value: V; until: number }>();
  const inflight = new Map<string, Promise<V | undefined>>();
  const askAndKeep = async (key: string): Promise<V | undefined> => {
    const value = await ask(key);
    if (value !== undefined) {
      if (cache.size >= maxEntries) cache.clear();
      cache.set(key, { value, until: Date.now() + ttlMs });
    }
    return value;
  };
  return async (key) => {
    const cached = cache.get(key);
    if (cached && cached.until > Date.now()) return cached.value;
    let pending = inflight.get(key);
    if (!pending) {
      pending = askAndKeep(key).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };
}
