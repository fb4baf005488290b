// Which dependency an error says is failing, if any: the database (connection lost, restarting, refusing),
// the disk (full, read-only, failing), or another service (unreachable, too slow). Such a failure is not a
// bug of ours and not the reader's fault: it is answered 503 with a reason and Retry-After, and the
// service recovers by itself when the dependency does (ARCHITECTURE.md "Failing safe"). Pure: no I/O.

export type DependencyFailure = 'database' | 'disk' | 'upstream';

// SQLSTATE classes and codes (PostgreSQL, and PGlite, which is PostgreSQL): the server or its storage
// failing, never a constraint or a bad statement of ours.
const DISK_SQLSTATES = new Set(['53100', '58030']); // disk_full, io_error
const DATABASE_SQLSTATES = new Set([
  '53000', // insufficient_resources
  '53200', // out_of_memory
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57P05', // idle_session_timeout
  '57014', // query_canceled (statement timeout)
  '55P03', // lock_not_available (lock timeout)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '25006', // read_only_sql_transaction (a standby promoted or a read-only switch)
]);
const DISK_ERRNOS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);
const NETWORK_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// What node-postgres and PGlite say, with no code, when their connection is gone.
const LOST_CONNECTION = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Connection terminated due to connection timeout/,
  /PGlite is closed/,
  /driver has already been destroyed/, // Kysely, while the service closes
];

function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0 && seen.size < 20) {
    const next = queue.shift();
    if (next === null || next === undefined || seen.has(next)) continue;
    seen.add(next);
    yield next;
    if (typeof next === 'object') {
      const { cause, errors } = next as { cause?: unknown; errors?: unknown };
      queue.push(cause);
      if (Array.isArray(errors)) queue.push(...errors);
    }
  }
}

/**
 * The failing dependency an error (or one of its causes) names, or undefined for any other error. A disk
 * failure wins over the rest; a failed or timed-out fetch is another service; a bare socket error, a
 * SQLSTATE of the server failing or a lost connection is the database (fetch wraps its socket errors, and
 * the database clients are a service's only other sockets).
 */
export function dependencyFailureOf(error: unknown): DependencyFailure | undefined {
  let upstream = false;
  let database = false;
  for (const each of causes(error)) {
    if (typeof each !== 'object') continue;
    const { code, name, message } = each as { code?: unknown; name?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string' && (DISK_SQLSTATES.has(code) || DISK_ERRNOS.has(code))) return 'disk';
    if (/no space left on device/i.test(text)) return 'disk';
    if (name === 'TimeoutError' || (name === 'TypeError' && text === 'fetch failed')) upstream = true;
    else if (typeof code === 'string' && (DATABASE_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_ERRNOS.has(code))) database = true;
    else if (LOST_CONNECTION.some((pattern) => pattern.test(text))) database = true;
  }
  return upstream ? 'upstream' : database ? 'database' : undefined;
}

export interface DependencyAnswer {
  code: string;
  message: string;
  retryAfterSeconds: number;
}

/** What the reader is told for each failing dependency. */
export const DEPENDENCY_ANSWERS: Record<DependencyFailure, DependencyAnswer> = {
  database: {
    code: 'DATABASE_UNAVAILABLE',
    message: 'Our database is not answering just now, so nothing was saved. Please try again in a moment.',
    retryAfterSeconds: 5,
  },
  disk: {
    code: 'STORAGE_FULL',
    message: 'We cannot store anything just now, so nothing was saved. Please try again in a few minutes.',
    retryAfterSeconds: 30,
  },
  upstream: {
    code: 'DEPENDENCY_UNAVAILABLE',
    message: 'A part of Keisha this needs is not answering just now. Please try again in a moment.',
    retryAfterSeconds: 5,
  },
};
