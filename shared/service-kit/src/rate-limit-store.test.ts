import { describe, expect, it } from 'vitest';
import { createCircuit, sharedWithFallback, SharedStoreTimeout, type Counted, type CountStore } from './rate-limit-store.ts';

/** A store counting per key in a map, answering the way `answer` says (a stand-in for Redis's behaviour). */
function countingStore(answer: (reply: () => void, fail: (error: Error) => void) => void = (reply) => reply()): CountStore & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const store = {
    counts,
    incr(key: string, callback: (error: Error | null, result?: Counted) => void) {
      answer(
        () => {
          const current = (counts.get(key) ?? 0) + 1;
          counts.set(key, current);
          callback(null, { current, ttl: 60_000 });
        },
        (error) => callback(error),
      );
    },
    child: () => store,
  };
  return store;
}

function incr(store: CountStore, key = 'addr'): Promise<Counted> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 10));
}

function circuitWithClock(timeoutMs = 50, cooldownMs = 1000) {
  const events: string[] = [];
  let clock = 0;
  const circuit = createCircuit({
    timeoutMs,
    cooldownMs,
    onDown: (error) => events.push(`down: ${error.name}`),
    onUp: () => events.push('up'),
    now: () => clock,
  });
  return { circuit, events, advance: (ms: number) => (clock += ms) };
}

describe('a shared store with memory standing in', () => {
  it('answers with the shared count while the shared store answers, and counts in memory all along', async () => {
    const shared = countingStore();
    shared.counts.set('addr', 41); // other replicas' requests
    const memory = countingStore();
    const { circuit, events } = circuitWithClock();
    const store = sharedWithFallback(shared, memory, circuit);
    expect(await incr(store)).toEqual({ current: 42, ttl: 60_000 });
    expect(memory.counts.get('addr')).toBe(1);
    expect(circuit.up).toBe(true);
    expect(circuit.decidedInMemory).toBe(0);
    expect(events).toEqual([]);
  });

  it('decides in memory when the shared store fails, says so once, and does not ask it again during the cooldown', async () => {
    let asked = 0;
    const shared = countingStore((_reply, fail) => {
      asked++;
      fail(new Error('connect ECONNREFUSED'));
    });
    const memory = countingStore();
    const { circuit, events, advance } = circuitWithClock();
    const store = sharedWithFallback(shared, memory, circuit);
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await incr(store)).current);
    // The process's own count: a limit still holds in each replica.
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(asked).toBe(1);
    expect(events).toEqual(['down: Error']);
    expect(circuit.up).toBe(false);
    expect(circuit.decidedInMemory).toBe(4);
    advance(1000);
    await incr(store);
    expect(asked).toBe(2);
    expect(events).toEqual(['down: Error']);
  });

  it('gives up waiting after the timeout, and takes the shared count again once it answers', async () => {
    let slow = true;
    const shared = countingStore((reply) => (slow ? setTimeout(reply, 500) : reply()));
    const memory = countingStore();
    const { circuit, events, advance } = circuitWithClock(30, 200);
    const store = sharedWithFallback(shared, memory, circuit);
    const started = performance.now();
    expect((await incr(store)).current).toBe(1);
    expect(performance.now() - started).toBeLessThan(300);
    expect(events).toEqual([`down: ${new SharedStoreTimeout(30).name}`]);
    slow = false;
    advance(200);
    await new Promise((resolve) => setTimeout(resolve, 550)); // the late answer arrives and is ignored
    expect((await incr(store)).current).toBe(2); // the late increment counted there too
    expect(events).toEqual(['down: SharedStoreTimeout', 'up']);
    expect(circuit.up).toBe(true);
  });

  it('treats a store that throws like one that fails', async () => {
    const shared: CountStore = {
      incr: () => {
        throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
      },
      child: () => shared,
    };
    const { circuit, events } = circuitWithClock();
    const store = sharedWithFallback(shared, countingStore(), circuit);
    expect((await incr(store)).current).toBe(1);
    expect(events).toEqual(['down: Error']);
  });

  it('shares one circuit across the stores of every route', async () => {
    const shared = countingStore((_reply, fail) => fail(new Error('down')));
    const { circuit, events } = circuitWithClock();
    const store = sharedWithFallback(shared, countingStore(), circuit);
    await incr(store.child({}));
    await incr(store.child({}));
    expect(events).toEqual(['down: Error']);
    expect(circuit.decidedInMemory).toBe(2);
  });
});
