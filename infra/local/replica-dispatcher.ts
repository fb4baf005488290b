// Sends each proxied request to one replica of its service (replica-pool.ts) and, when that replica fails, to
// another one only when it is safe to ask twice:
// - a refused connection (nothing was sent): any method; the replica is left out for a few seconds;
// - a connection that broke before the answer's headers: GET, HEAD and OPTIONS only (a POST may have been carried
//   out before the connection broke; the reader gets the edge's 502 and decides);
// - a 503 SHUTTING_DOWN (a replica closing refuses a request before any route runs, service-kit's app.ts): any
//   method.
// A time-out is never retried: the replica may still be working on it, and the reader has waited the budget.
// Upstreams that are not a pool (the remotes, a single service) go straight to the inner dispatcher.
import { Readable } from 'node:stream';
import type { ReplicaPool, Replica } from './replica-pool.ts';
import type { BudgetedDispatcher } from './upstream-budgets.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A 503 body larger than this is a service's own answer, never the closing refusal: not read here. */
const MAX_PEEKED_BYTES = 16 * 1024;

interface RequestOptions {
  origin: string | URL;
  method?: string;
  headers?: Record<string, string | string[] | undefined> | null;
  [key: string]: unknown;
}

interface ResponseData {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
  [key: string]: unknown;
}

type Callback = (error: Error | null, data?: ResponseData) => void;

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === 'string') codes.push(current.code);
    current = current.cause as typeof current;
  }
  return codes;
}

/** The replica never took the connection: nothing of the request reached it. */
export function isRefused(error: unknown): boolean {
  return errorCodes(error).some((code) => code === 'ECONNREFUSED');
}

/** The connection broke (reset, closed by the other side) before the answer came: the request may have been carried out. */
export function isBroken(error: unknown): boolean {
  return errorCodes(error).some((code) => code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED');
}

/** Whether a failed attempt may be sent to another replica. */
export function mayRetryElsewhere(method: string, error: unknown): boolean {
  if (isRefused(error)) return true;
  return SAFE_METHODS.has(method.toUpperCase()) && isBroken(error);
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A 503 small enough to be the closing refusal, with a declared length (a stream is the service's own answer). */
function mayBeClosingRefusal(data: ResponseData): boolean {
  const length = Number(data.headers['content-length']);
  return data.statusCode === 503 && Number.isInteger(length) && length <= MAX_PEEKED_BYTES;
}

function isShuttingDown(text: Buffer): boolean {
  try {
    return (JSON.parse(text.toString('utf8')) as { error?: { code?: unknown } }).error?.code === 'SHUTTING_DOWN';
  } catch {
    return false;
  }
}

export interface ReplicaEvents {
  /** An attempt failed and the request went to another replica. */
  retried?(pool: string, replica: Replica, reason: 'refused' | 'broken' | 'shutting_down'): void;
}

export function replicaDispatcher(inner: BudgetedDispatcher, pools: ReadonlyMap<string, ReplicaPool>, events: ReplicaEvents = {}): BudgetedDispatcher {
  const request = ((options: RequestOptions, callback: Callback) => {
    const poolOrigin = new URL(String(options.origin)).origin;
    const pool = pools.get(poolOrigin);
    if (!pool) return (inner.request as unknown as (options: RequestOptions, callback: Callback) => unknown)(options, callback);
    const method = String(options.method ?? 'GET');
    const tried = new Set<Replica>();
    let lastError: Error | undefined;

    const attempt = (): void => {
      const replica = pool.pick(tried);
      if (!replica) {
        callback(lastError ?? Object.assign(new Error(`No replica of ${poolOrigin} can take the request`), { code: 'ECONNREFUSED' }));
        return;
      }
      tried.add(replica);
      replica.inFlight++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        replica.inFlight--;
      };
      const headers = { ...(options.headers ?? {}), host: replica.url.host };
      (inner.request as unknown as (options: RequestOptions, callback: Callback) => unknown)(
        { ...options, origin: replica.url.origin, headers },
        (error, data) => {
          if (error || !data) {
            release();
            if (isRefused(error)) pool.markDown(replica);
            if (mayRetryElsewhere(method, error)) {
              lastError = error ?? undefined;
              events.retried?.(poolOrigin, replica, isRefused(error) ? 'refused' : 'broken');
              attempt();
              return;
            }
            callback(error ?? new Error('No answer'));
            return;
          }
          pool.markUp(replica);
          if (!mayBeClosingRefusal(data)) {
            data.body.once('close', release);
            callback(null, data);
            return;
          }
          // A 503: the closing refusal goes to another replica; any other 503 is the service's answer.
          void readAll(data.body).then(
            (text) => {
              release();
              if (isShuttingDown(text) && pool.canPick(tried)) {
                pool.markDown(replica);
                events.retried?.(poolOrigin, replica, 'shutting_down');
                attempt();
                return;
              }
              callback(null, { ...data, body: Readable.from([text]) });
            },
            (readError: Error) => {
              release();
              callback(readError);
            },
          );
        },
      );
    };
    attempt();
  }) as unknown as BudgetedDispatcher['request'];
  return { request, destroy: () => inner.destroy() };
}
