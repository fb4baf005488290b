// A second launcher: on the same data folder it stops at once, naming the first; on ports something else holds
// (an earlier launcher's service, another program) it refuses to start rather than report a site it is not running.
import { spawnSync } from 'node:child_process';
import { readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLauncherLock, formatLock, isStale, LOCK_FILE, parseLock, THIS_MACHINE, type MachineState } from './launcher-lock.ts';
import { startPlatform } from './platform.ts';
import { listenHttp, tempDirsForFile } from './testing.ts';
import { REPO_ROOT } from './topology.ts';

const tempDir = tempDirsForFile('keisha-lock-');

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
}

const machine = (boot: string | undefined, alive: number[]): MachineState => ({ boot, isAlive: (pid) => alive.includes(pid) });

describe('the launcher lock', () => {
  it('holds the pid, the boot and the address, and reads back only what it wrote', () => {
    const holder = { pid: 4242, boot: '614d1396', url: 'http://localhost:3000' };
    expect(formatLock(holder)).toBe('4242 614d1396 http://localhost:3000');
    expect(parseLock(formatLock(holder))).toEqual(holder);
    expect(parseLock('4242 - http://localhost:3000')).toEqual({ pid: 4242, url: 'http://localhost:3000' });
    for (const garbage of ['', 'x 614d1396 http://a', '0 - http://a', '12 - ', '/tmp/elsewhere']) expect(parseLock(garbage)).toBeUndefined();
  });

  it('is stale when its launcher is gone, or from another boot (its pid is then anyone’s)', () => {
    const holder = { pid: 10, boot: 'aaaa', url: 'http://localhost:3000' };
    expect(isStale(holder, machine('aaaa', [10]))).toBe(false);
    expect(isStale(holder, machine('aaaa', []))).toBe(true);
    expect(isStale(holder, machine('bbbb', [10]))).toBe(true);
    // Where the system has no boot id, the pid alone decides.
    expect(isStale(holder, machine(undefined, [10]))).toBe(false);
    expect(isStale({ pid: 10, url: 'http://a' }, machine('aaaa', [10]))).toBe(false);
  });

  it('is taken once: a second launcher on the folder is told who holds it, until it is released', () => {
    const dir = tempDir();
    const first = acquireLauncherLock(dir, 'http://localhost:3000');
    expect(first.kind).toBe('acquired');
    expect(acquireLauncherLock(dir, 'http://localhost:3100')).toEqual({
      kind: 'held',
      holder: { pid: process.pid, url: 'http://localhost:3000', ...(THIS_MACHINE.boot ? { boot: THIS_MACHINE.boot } : {}) },
    });
    if (first.kind === 'acquired') first.release();
    const again = acquireLauncherLock(dir, 'http://localhost:3100');
    expect(again.kind).toBe('acquired');
    if (again.kind === 'acquired') again.release();
  });

  it('is taken over from a launcher killed outright, from another boot, or when it is not one of ours', () => {
    for (const stale of [`${deadPid()} - http://localhost:3000`, `${process.pid} 00000000 http://localhost:3000`]) {
      const dir = tempDir();
      symlinkSync(stale, path.join(dir, LOCK_FILE));
      const taken = acquireLauncherLock(dir, 'http://localhost:3100', { boot: 'ffffffff', isAlive: THIS_MACHINE.isAlive });
      expect(taken.kind, stale).toBe('acquired');
      expect(readlinkSync(path.join(dir, LOCK_FILE))).toBe(`${process.pid} ffffffff http://localhost:3100`);
    }
    const dir = tempDir();
    writeFileSync(path.join(dir, LOCK_FILE), 'a file someone left');
    expect(acquireLauncherLock(dir, 'http://localhost:3100').kind).toBe('acquired');
  });

  it('is released only by its holder, never from under a launcher that took it over', () => {
    const dir = tempDir();
    const mine = acquireLauncherLock(dir, 'http://localhost:3000');
    const file = path.join(dir, LOCK_FILE);
    rmSync(file);
    symlinkSync('1 - http://localhost:3200', file);
    if (mine.kind === 'acquired') mine.release();
    expect(readlinkSync(file)).toBe('1 - http://localhost:3200');
  });

  it('is said to be unavailable where it cannot be made, so the launcher runs without it', () => {
    expect(acquireLauncherLock('/dev/null/keisha', 'http://localhost:3000')).toEqual({ kind: 'unavailable', reason: expect.stringMatching(/^ENOTDIR|^EEXIST/) });
  });
});

describe('a second launcher', () => {
  it('on the same data folder stops at once with the first one’s pid and address, before building anything', () => {
    const dataDir = tempDir();
    symlinkSync(formatLock({ pid: process.pid, ...(THIS_MACHINE.boot ? { boot: THIS_MACHINE.boot } : {}), url: 'http://localhost:3000' }), path.join(dataDir, LOCK_FILE));
    const started = performance.now();
    const second = spawnSync(process.execPath, [path.join(REPO_ROOT, 'infra', 'local', 'start.ts')], {
      env: { ...process.env, KEISHA_PORT: '3100', KEISHA_DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Keisha is already running (pid ${process.pid}) at http://localhost:3000; stop it first`);
    expect(second.stdout).not.toContain('Building');
    expect(performance.now() - started).toBeLessThan(10_000);
    // The first launcher's lock is left as it was.
    expect(readlinkSync(path.join(dataDir, LOCK_FILE))).toContain(`${process.pid} `);
  });

  it('refuses to start while a port it needs answers for someone else (an orphaned service), naming the port', async () => {
    // An earlier launcher's identity service, still answering its health check.
    const orphan = await listenHttp(http.createServer((_req, res) => res.end('{"status":"ok"}')));
    const basePort = orphan.port - 1001;
    try {
      const started = performance.now();
      await expect(startPlatform({ basePort, dataDir: tempDir(), log: () => {} })).rejects.toThrow(
        new RegExp(`already in use: .*${orphan.port} \\(the identity service\\).*Stop it first`),
      );
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await orphan.close();
    }
  });
});
