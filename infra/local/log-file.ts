// A service's log file as the launcher writes it. A write that fails (a full disk, an I/O error) used to be an
// unhandled 'error' event: the launcher crashed, the gateway with it, and the services ran on as orphans. Here a
// failure only costs log lines; log-health.ts decides what to drop, when to try again and what to say.
// The file is rotated by size (log-rotation.ts: at 10 MB, 3 older files kept), so a long run cannot fill the disk.
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, fstatSync, mkdirSync, openSync, renameSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { afterDrop, afterFailure, afterWrite, LOG_RETRY_MS, WRITING, type LogHealth, type LogHealthStep } from './log-health.ts';
import { LOG_KEEP_FILES, LOG_MAX_BYTES, rotationMoves, splitForRotation } from './log-rotation.ts';

/** Output waiting for the disk beyond which more is dropped: a disk that stalls must not fill the launcher's memory. */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

export interface LogFileOptions {
  /** Names the log in what is said (`service:chat`). */
  label: string;
  /** The launcher's console. */
  say: (line: string) => void;
  retryMs?: number;
  maxBacklogBytes?: number;
  /** Size at which the file is rotated (at the next line's end). */
  maxBytes?: number;
  /** Rotated files kept (`name.log.1` newest ... `name.log.<keep>` oldest). */
  keepFiles?: number;
}

export interface LogFile {
  write(chunk: Buffer | string): void;
  /** Writes what is waiting, then closes the file. */
  close(): Promise<void>;
}

export function openLogFile(file: string, options: LogFileOptions): LogFile {
  const retryMs = options.retryMs ?? LOG_RETRY_MS;
  const maxBacklog = options.maxBacklogBytes ?? MAX_BACKLOG_BYTES;
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  const keepFiles = options.keepFiles ?? LOG_KEEP_FILES;
  let health: LogHealth = WRITING;
  let stream: WriteStream | undefined;
  /** Bytes in the file, counting those handed to the stream and not yet written. */
  let size = 0;
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
    let fd: number;
    try {
      // Opened now, not when the stream gets to it: a rotation renames the file this stream writes to.
      fd = openSync(file, 'a');
      size = fstatSync(fd).size;
    } catch (error) {
      fail(error, 0);
      return;
    }
    const opened = createWriteStream(file, { fd });
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

  /**
   * The file becomes `.1` (and so on down), and a new one is opened. The old stream finishes what it holds into
   * the renamed file (it writes to what it opened, whatever its name now). A rename that fails is a failure like a
   * write's: lines are dropped until the file opens again.
   */
  function rotate(): boolean {
    const old = stream;
    stream = undefined;
    old?.end();
    try {
      for (const [from, to] of rotationMoves(file, keepFiles)) {
        try {
          renameSync(from, to);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    } catch (error) {
      fail(error, 0);
      return false;
    }
    open();
    return stream !== undefined;
  }

  function append(chunk: Buffer) {
    if (!stream) {
      health = afterDrop(health, chunk.length);
      return;
    }
    if (stream.writableLength > maxBacklog) {
      if (health.kind === 'writing') fail(new Error(`the disk is not keeping up (${(maxBacklog / 1024 / 1024).toFixed(0)} MB waiting)`), chunk.length);
      else health = afterDrop(health, chunk.length);
      return;
    }
    const target = stream;
    size += chunk.length;
    target.write(chunk, (error) => {
      if (!error && target === stream) step(afterWrite(health, options.label, Date.now()));
    });
  }

  open();

  return {
    write(chunk) {
      if (closed) return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (!stream) {
        health = afterDrop(health, bytes.length);
        return;
      }
      let rest: Buffer | null = bytes;
      while (rest !== null && rest.length > 0) {
        const { before, after } = splitForRotation(size, rest, maxBytes);
        append(before);
        rest = after;
        if (rest !== null && !rotate()) {
          health = afterDrop(health, rest.length);
          return;
        }
      }
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
