// No orphans: what the launcher starts stops when the launcher is killed outright (SIGKILL gives it no chance to
// stop anything itself), and a service started by hand is left alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_WITH_PARENT_VARIABLE } from './child-processes.ts';
import { tempDirsForFile } from './testing.ts';

const FIXTURE = path.join(import.meta.dirname, 'launcher-fixture.ts');
const PRELOAD = pathToFileURL(path.join(import.meta.dirname, 'exit-with-parent.ts')).href;
/** A service stand-in that stops on SIGTERM as the services do. */
const SERVICE = `process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);`;

const tempDir = tempDirsForFile('keisha-orphans-');
const started: ChildProcess[] = [];
afterEach(() => started.splice(0).forEach((child) => child.kill('SIGKILL')));

/** Whether a process runs (a zombie waiting for a parent to reap it does not: it holds no port, runs no code). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true; // no /proc: what kill says
  }
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const since = performance.now();
  while (!condition()) {
    if (performance.now() - since > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The launcher in miniature with one service, and that service's pid once it is started. */
async function launcherWith(mode: 'process' | 'watch', args: string[]): Promise<{ launcher: ChildProcess; child: number }> {
  const launcher = spawn(process.execPath, [FIXTURE, path.join(tempDir(), 'service.log'), '5000', mode, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(launcher);
  let output = '';
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until(() => /child \d+/.test(output), 10_000, 'the service started');
  return { launcher, child: Number(/child (\d+)/.exec(output)![1]) };
}

/** The pids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

describe('a service the launcher started', () => {
  it('stops within a couple of seconds when the launcher is killed with SIGKILL', async () => {
    const { launcher, child } = await launcherWith('process', ['-e', SERVICE]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isRunning(child)).toBe(true);
    launcher.kill('SIGKILL');
    await until(() => !isRunning(child), 3000, 'the service stopped');
  });

  it('stops with its watcher under node --watch (npm run dev), so nothing restarts it later', async () => {
    const script = path.join(tempDir(), 'service.mjs');
    writeFileSync(script, SERVICE);
    const { launcher, child: watcher } = await launcherWith('watch', [script]);
    await until(() => childrenOf(watcher).length > 0, 10_000, 'the watched service started');
    const [service] = childrenOf(watcher);
    launcher.kill('SIGKILL');
    await until(() => !isRunning(service!) && !isRunning(watcher), 3000, 'the service and its watcher stopped');
  });
});

describe('a process started by hand', () => {
  it('is not stopped when its stdin ends: only the launcher asks for the watch', async () => {
    const alone = spawn(process.execPath, ['--import', PRELOAD, '-e', SERVICE], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, [EXIT_WITH_PARENT_VARIABLE]: '' },
    });
    started.push(alone);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(alone.exitCode).toBeNull();
    expect(isRunning(alone.pid!)).toBe(true);
  });

  it('is stopped as SIGTERM stops it when asked to watch and its stdin ends', async () => {
    const tied = spawn(process.execPath, ['--import', PRELOAD, '-e', `process.on('SIGTERM', () => process.exit(7)); setInterval(() => {}, 1000);`], {
      stdio: ['pipe', 'ignore', 'inherit'],
      env: { ...process.env, [EXIT_WITH_PARENT_VARIABLE]: 'process' },
    });
    started.push(tied);
    const exit = new Promise<number | null>((resolve) => tied.once('exit', (code) => resolve(code)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    tied.stdin!.end();
    expect(await exit).toBe(7);
  });
});
