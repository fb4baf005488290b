// What the launcher does when a service's log file cannot be written (a full disk, an I/O error): the lines are
// dropped and counted, the console says so once, the file is opened again every few seconds, and the console says
// once more when lines are written again. Losing log lines is better than losing the site: the launcher that
// writes them also runs the gateway and watches the services.

/** How often a failing log file is opened again. */
export const LOG_RETRY_MS = 5000;

export type LogHealth =
  | { kind: 'writing' }
  | {
      kind: 'failing';
      /** When the first write failed. */
      since: number;
      /** Bytes of output lost since then (dropped, or buffered when a write failed). */
      droppedBytes: number;
      /** When to open the file again. */
      retryAt: number;
    };

export const WRITING: LogHealth = { kind: 'writing' };

/** What happened, and the line for the console when there is one to say. */
export interface LogHealthStep {
  health: LogHealth;
  say?: string;
}

/** `ENOSPC: no space left on device` out of Node's `ENOSPC: no space left on device, write` (or a bare message). */
export function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.split(', ')[0]!.trim() : '';
  if (typeof code === 'string' && text.startsWith(code)) return text;
  if (typeof code === 'string') return text ? `${code}: ${text}` : code;
  return text || 'unknown error';
}

const kilobytes = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`);

/** A write (or the opening of the file) failed, losing `lostBytes`: said only when the file was being written. */
export function afterFailure(health: LogHealth, label: string, error: unknown, now: number, lostBytes = 0, retryMs = LOG_RETRY_MS): LogHealthStep {
  if (health.kind === 'failing') return { health: { ...health, droppedBytes: health.droppedBytes + lostBytes, retryAt: now + retryMs } };
  return {
    health: { kind: 'failing', since: now, droppedBytes: lostBytes, retryAt: now + retryMs },
    say: `! logs for ${label} cannot be written (${reasonOf(error)}); dropping them until they can be, trying again every ${retryMs / 1000} s`,
  };
}

/** Output that was not written (the file is failing, or too much is waiting for a slow disk). */
export function afterDrop(health: LogHealth, bytes: number): LogHealth {
  return health.kind === 'failing' ? { ...health, droppedBytes: health.droppedBytes + bytes } : health;
}

/**
 * A write reached the file: said only when it had been failing, and not before the retry was due (a write
 * buffered before a failure may still complete after it; a disk that cannot keep up is given its pause).
 */
export function afterWrite(health: LogHealth, label: string, now: number): LogHealthStep {
  if (health.kind === 'writing' || now < health.retryAt) return { health };
  const seconds = Math.max(0, (now - health.since) / 1000).toFixed(0);
  return { health: WRITING, say: `logs for ${label} are written again, after ${seconds} s (${kilobytes(health.droppedBytes)} dropped meanwhile)` };
}

/** Whether it is time to open a failing file again. */
export function shouldReopen(health: LogHealth, now: number): boolean {
  return health.kind === 'failing' && now >= health.retryAt;
}
