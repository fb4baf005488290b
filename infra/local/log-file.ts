// A service's log file as the launcher writes it. A write that fails (a full disk, an I/O error) used to be an
// unhandled 'error' event: the launcher crashed, the gateway with it, and the services ran on as orphans. Here a
// failure only costs log lines; log-health.ts decides what to drop, when to try again and what to say.
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { afterDrop, afterFailure, afterWrite, LOG_RETRY_MS, WRITING, type LogHealth, type LogHealthStep } from './log-health.ts';

/** Output waiting for the disk beyond which more is dropped: a disk that stalls must not fill the launcher's memory. */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

export interface LogFileOptions {
  /** Names the log in what is said (`service:chat`). */
  label: string;
  /** The launcher's console. */
  say: (line: string) => void;
  retryMs?: number;
  maxBacklogBytes?: number;
}

export interface LogFile {
  write(chunk: Buffer | string): void;
  /** Writes what is waiting, then closes the file. */
  close(): Promise<void>;
}

export function openLogFile(file: string, options: LogFileOptions): LogFile {
  const retryMs = options.retryMs ?? LOG_RETRY_MS;
  const maxBacklog = options.maxBacklogBytes ?? MAX_BACKLOG_BYTES;
  let health: LogHealth = WRITING;
  let stream: WriteStream | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const step = ({ health: next, say }: LogHealthStep) => {
    health = next;
    if (say) options.say(say);
  };

  const fail = (error: unknown, lostBytes: number) => {
    step(afterFailure(health, options.label, error, Date.now(), lostBytes, retryMs));
    clearTimeout(retry);
    retry = setTimeout(() => {
      retry = undefined;
      if (!closed && !stream) open();
    }, retryMs);
    retry.unref();
  };

  function open() {
    try {
      // The folder too: a disk too full for it at start-up may have room later.
      mkdirSync(path.dirname(file), { recursive: true });
    } catch (error) {
      fail(error, 0);
      return;
    }
    const opened = createWriteStream(file, { flags: 'a' });
    opened.on('error', (error) => {
      if (stream !== opened) return;
      stream = undefined;
      // What was waiting in the stream is lost with it.
      const lost = opened.writableLength;
      opened.destroy();
      if (!closed) fail(error, lost);
    });
    stream = opened;
  }

  open();

  return {
    write(chunk) {
      if (closed) return;
      const bytes = Buffer.byteLength(chunk);
      if (!stream) {
        health = afterDrop(health, bytes);
        return;
      }
      if (stream.writableLength > maxBacklog) {
        if (health.kind === 'writing') fail(new Error(`the disk is not keeping up (${(maxBacklog / 1024 / 1024).toFixed(0)} MB waiting)`), bytes);
        else health = afterDrop(health, bytes);
        return;
      }
      const target = stream;
      target.write(chunk, (error) => {
        if (!error && target === stream) step(afterWrite(health, options.label, Date.now()));
      });
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const target = stream;
      stream = undefined;
      if (!target || target.destroyed) return;
      await new Promise<void>((resolve) => {
        // 'close' follows both a finished and a failed end; the error itself is handled above.
        target.once('close', () => resolve());
        target.end();
      });
    },
  };
}

/**
 * Everything a child prints, into its log file. Read as it comes, whatever becomes of the file: a child whose
 * output is not read blocks on its next write, which would stop a service because the disk is full.
 */
export function writeOutputTo(child: ChildProcess, logFile: LogFile): void {
  child.stdout?.on('data', (chunk: Buffer) => logFile.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => logFile.write(chunk));
}
