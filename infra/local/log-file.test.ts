// A full disk under the launcher's log files, for real: a 1 MB tmpfs filled to the last byte (or, where this
// user may not mount one, a log file linked to /dev/full, where every write fails with ENOSPC). The launcher must
// stay up, keep reading its service's output, say so once, and write again once there is room, with no restart.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLogFile } from './log-file.ts';

const FIXTURE = path.join(import.meta.dirname, 'launcher-fixture.ts');
const LOG_NAME = 'chatty.log';

interface FullDisk {
  dir: string;
  /** Makes room (deletes the filler, or the link to /dev/full). */
  free(): void;
  cleanup(): void;
}

function fullDisk(): FullDisk {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    // Not allowed to mount (not root): the same ENOSPC from the kernel, from /dev/full.
    const link = path.join(dir, 'logs', LOG_NAME);
    mkdirSync(path.dirname(link));
    symlinkSync('/dev/full', link);
    return { dir, free: () => unlinkSync(link), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const filler = path.join(dir, 'filler');
  const fd = openSync(filler, 'w');
  try {
    const block = Buffer.alloc(64 * 1024, 1);
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return {
    dir,
    free: () => unlinkSync(filler),
    cleanup: () => {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A service that logs a lot: 2 MB at once (far more than a pipe holds), then a line every 20 ms. */
const CHATTY = `
  let n = 0;
  const line = () => 'line ' + (++n) + ' ' + 'x'.repeat(100) + '\\n';
  let burst = '';
  while (burst.length < 2 * 1024 * 1024) burst += line();
  process.stdout.write(burst);
  setInterval(() => process.stdout.write(line()), 20);`;

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const count = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line)).length;

describe('the launcher on a full disk', () => {
  let disk: FullDisk | undefined;
  let launcher: ChildProcess | undefined;
  afterEach(() => {
    launcher?.kill('SIGKILL');
    disk?.cleanup();
    disk = launcher = undefined;
  });

  it('stays up and keeps reading its service, says so once, and writes again once there is room', async () => {
    disk = fullDisk();
    const file = path.join(disk.dir, 'logs', LOG_NAME);
    launcher = spawn(process.execPath, [FIXTURE, file, '200', 'process', '-e', CHATTY], { stdio: ['ignore', 'pipe', 'pipe'] });
    let console = '';
    launcher.stdout!.on('data', (chunk: Buffer) => (console += chunk.toString()));
    launcher.stderr!.on('data', (chunk: Buffer) => (console += chunk.toString()));
    const received = () => Math.max(0, ...[...console.matchAll(/received (\d+)/g)].map((m) => Number(m[1])));

    // The whole burst was read: the service was never left blocked on a full pipe.
    await until(() => received() >= 2 * 1024 * 1024, 8000, 'the burst read');
    // Several retries (every 200 ms) meanwhile, all failing: still one line.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(launcher.exitCode).toBeNull();
    expect(count(console, /cannot be written/)).toBe(1);
    expect(console).toContain('! logs for service:chatty cannot be written (ENOSPC: no space left on device); dropping them until they can be');
    const readWhileFull = received();
    await until(() => received() > readWhileFull, 3000, 'output read while the disk is full');

    disk.free();
    await until(() => /logs for service:chatty are written again/.test(console), 5000, 'logs written again');
    await until(() => readFileSync(file, 'utf8').includes('line '), 3000, 'lines in the file');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(count(console, /are written again/)).toBe(1);
    expect(count(console, /cannot be written/)).toBe(1);
    expect(launcher.exitCode).toBeNull();
  }, 20_000);

  it('starts on a disk too full for its log folder, and makes it once there is room', async () => {
    // A file where the folder should be stands in for a folder a full disk cannot make (EEXIST here, ENOSPC there).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-no-log-dir-'));
    const blocker = path.join(dir, 'logs');
    writeFileSync(blocker, 'not a folder');
    const lines: string[] = [];
    const log = openLogFile(path.join(blocker, 'chat.log'), { label: 'service:chat', say: (line) => lines.push(line), retryMs: 100 });
    try {
      log.write('lost\n');
      expect(lines).toEqual([expect.stringMatching(/^! logs for service:chat cannot be written \(EEXIST: file already exists\)/)]);
      unlinkSync(blocker);
      await new Promise((resolve) => setTimeout(resolve, 250));
      log.write('kept\n');
      await until(() => lines.length === 2, 2000, 'written again');
      expect(lines[1]).toMatch(/^logs for service:chat are written again, after 0 s \(5 bytes dropped meanwhile\)$/);
    } finally {
      await log.close();
    }
    expect(readFileSync(path.join(blocker, 'chat.log'), 'utf8')).toBe('kept\n');
    rmSync(dir, { recursive: true, force: true });
  });
});
