// Replicas of one service behind the edge (`npm start -- --replicas N`, a Deployment with several pods behind one
// name): each request goes to the next replica in turn (round robin), a replica that refused a connection is left
// out for a few seconds, and a replica being restarted on purpose is drained (no new requests; those in flight
// finish). Which requests may be sent to another replica after a failure is decided in replica-dispatcher.ts.

/** How long a replica that refused a connection is left out before it is tried again. */
export const DEFAULT_DOWN_FOR_MS = 3_000;

export interface Replica {
  readonly url: URL;
  /** Requests sent to it and not answered (headers) or failed yet. */
  inFlight: number;
  /** Until when it is left out (epoch ms); 0: in rotation. */
  downUntil: number;
  /** Left out until undrained (a rolling restart). */
  draining: boolean;
}

export interface ReplicaPool {
  readonly replicas: readonly Replica[];
  /**
   * The next replica to ask, skipping those in `tried`, draining ones, and those marked down. When every untried
   * replica is down, the one down the longest is tried anyway (better than answering 502 at once); a draining one
   * never. Undefined: none left.
   */
  pick(tried: ReadonlySet<Replica>): Replica | undefined;
  /** Whether pick would find a replica (without moving the turn). */
  canPick(tried: ReadonlySet<Replica>): boolean;
  /** A refused connection: left out for `downForMs`. */
  markDown(replica: Replica): void;
  /** Answered: back in rotation at once. */
  markUp(replica: Replica): void;
  /** Takes a replica out of rotation (true) or puts it back (false); resolves once it has no request in flight. */
  drain(url: string | URL, draining: boolean): Promise<void>;
}

export function createReplicaPool(urls: readonly URL[], { downForMs = DEFAULT_DOWN_FOR_MS, now = Date.now } = {}): ReplicaPool {
  if (urls.length === 0) throw new Error('A replica pool needs at least one replica');
  const replicas: Replica[] = urls.map((url) => ({ url, inFlight: 0, downUntil: 0, draining: false }));
  let next = 0;

  const find = (url: string | URL): Replica => {
    const origin = new URL(String(url)).origin;
    const replica = replicas.find((candidate) => candidate.url.origin === origin);
    if (!replica) throw new Error(`No replica at ${origin}`);
    return replica;
  };

  return {
    replicas,
    pick(tried) {
      const time = now();
      let fallback: Replica | undefined;
      for (let step = 0; step < replicas.length; step++) {
        const replica = replicas[(next + step) % replicas.length]!;
        if (tried.has(replica) || replica.draining) continue;
        if (replica.downUntil > time) {
          if (!fallback || replica.downUntil < fallback.downUntil) fallback = replica;
          continue;
        }
        next = (next + step + 1) % replicas.length;
        return replica;
      }
      return fallback;
    },
    canPick(tried) {
      return replicas.some((replica) => !tried.has(replica) && !replica.draining);
    },
    markDown(replica) {
      replica.downUntil = now() + downForMs;
    },
    markUp(replica) {
      replica.downUntil = 0;
    },
    async drain(url, draining) {
      const replica = find(url);
      replica.draining = draining;
      while (draining && replica.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
