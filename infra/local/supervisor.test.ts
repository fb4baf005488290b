// The launcher's restart of a crashed service, on real child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, isUnexpectedExit, nextRestartDelay, supervise, type RestartPolicy } from './supervisor.ts';

const quick: RestartPolicy = { maxRestarts: 3, windowMs: 60_000, baseDelayMs: 50, maxDelayMs: 200 };

function node(script: string): ChildProcess {
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}
const longRunning = () => node('setInterval(() => {}, 1000)');

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('restart policy', () => {
  it('restarts crashes and kills, not clean stops or configuration errors', () => {
    expect(isUnexpectedExit(null, 'SIGKILL')).toBe(true);
    expect(isUnexpectedExit(1, null)).toBe(true);
    expect(isUnexpectedExit(null, 'SIGTERM')).toBe(false);
    expect(isUnexpectedExit(null, 'SIGINT')).toBe(false);
    expect(isUnexpectedExit(0, null)).toBe(false);
    expect(isUnexpectedExit(78, null)).toBe(false);
  });

  it('doubles the pause for each restart in the window, up to a cap, then gives up', () => {
    const now = 1_000_000;
    expect(nextRestartDelay([], now, DEFAULT_RESTART_POLICY)).toBe(500);
    expect(nextRestartDelay([now - 1000], now, DEFAULT_RESTART_POLICY)).toBe(1000);
    expect(nextRestartDelay([now - 3000, now - 2000, now - 1000, now - 500], now, DEFAULT_RESTART_POLICY)).toBe(8000);
    expect(nextRestartDelay([1, 2, 3, 4, 5].map((i) => now - i * 1000), now, DEFAULT_RESTART_POLICY)).toBeUndefined();
    // Restarts older than the window no longer count.
    expect(nextRestartDelay([1, 2, 3, 4, 5].map((i) => now - 60_000 - i), now, DEFAULT_RESTART_POLICY)).toBe(500);
  });
});

describe('a supervised process', () => {
  it('is started again after kill -9, and logs it', async () => {
    const lines: string[] = [];
    const first = longRunning();
    const supervised = supervise('service:test', first, { respawn: longRunning, log: (line) => lines.push(line), policy: quick });
    try {
      const firstPid = first.pid;
      process.kill(firstPid!, 'SIGKILL');
      await until(() => supervised.child.pid !== firstPid && supervised.child.exitCode === null);
      expect(supervised.restarts).toBe(1);
      expect(lines[0]).toMatch(/service:test stopped unexpectedly \(signal SIGKILL\); restarting in 0\.1 s/);
    } finally {
      await supervised.stop();
    }
    expect(supervised.child.exitCode !== null || supervised.child.signalCode !== null).toBe(true);
  });

  it('is left down, and said so, when it keeps crashing', async () => {
    const lines: string[] = [];
    const crash = () => node('process.exit(3)');
    const supervised = supervise('service:flaky', crash(), { respawn: crash, log: (line) => lines.push(line), policy: quick });
    await until(() => lines.some((line) => line.includes('left down')));
    expect(supervised.restarts).toBe(3);
    expect(lines.at(-1)).toMatch(/service:flaky stopped unexpectedly \(code 3\) after 3 restarts within 60 s; it is left down/);
    await supervised.stop();
  });

  it('is not restarted after a clean stop, a configuration error, or stop()', async () => {
    const lines: string[] = [];
    let spawned = 0;
    const respawn = () => {
      spawned++;
      return longRunning();
    };
    const configError = supervise('service:misconfigured', node('process.exit(78)'), { respawn, log: (line) => lines.push(line), policy: quick });
    const terminated = longRunning();
    const cleanly = supervise('service:terminated', terminated, { respawn, log: (line) => lines.push(line), policy: quick });
    terminated.kill('SIGTERM');
    const stopped = supervise('service:stopped', longRunning(), { respawn, log: (line) => lines.push(line), policy: quick });
    await stopped.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(spawned).toBe(0);
    expect(lines).toEqual([expect.stringMatching(/service:misconfigured stopped \(code 78\) and is not restarted/)]);
    await Promise.all([configError.stop(), cleanly.stop()]);
  });
});
