// Keeps a service process running: one that crashes or is killed is started again, after a growing
// pause, a bounded number of times a minute (a service that cannot stay up is left down, and said so,
// rather than restarted in a loop). A clean stop (SIGTERM/SIGINT, exit 0) and a configuration error
// (exit 78, which a restart cannot fix) are not restarted.
import type { ChildProcess } from 'node:child_process';

export interface RestartPolicy {
  /** Restarts allowed within `windowMs`; one more crash in the window and the service is left down. */
  maxRestarts: number;
  windowMs: number;
  /** Pause before the first restart in the window; doubled for each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { maxRestarts: 5, windowMs: 60_000, baseDelayMs: 500, maxDelayMs: 8_000 };

/** The exit code services use for invalid configuration (service-kit's run.ts). */
const CONFIGURATION_ERROR = 78;

/** Whether an exit is a crash or a kill (restart it) rather than a stop someone asked for. */
export function isUnexpectedExit(code: number | null, signal: NodeJS.Signals | null): boolean {
  if (signal) return signal !== 'SIGTERM' && signal !== 'SIGINT';
  return code !== 0 && code !== CONFIGURATION_ERROR;
}

/** The pause before the next restart, given when the earlier ones happened; undefined: give up. */
export function nextRestartDelay(restartTimes: readonly number[], now: number, policy: RestartPolicy): number | undefined {
  const recent = restartTimes.filter((time) => now - time < policy.windowMs).length;
  if (recent >= policy.maxRestarts) return undefined;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** recent);
}

export interface SupervisorOptions {
  /** Starts the process again (same command, same environment). */
  respawn: () => ChildProcess;
  log: (line: string) => void;
  policy?: RestartPolicy;
  /** Polled after a restart, so the log says when the service answers again. */
  readyUrl?: string;
  /** Where the service's own output is, for the log line. */
  logHint?: string;
}

export interface Supervised {
  /** The process running now (a new one after each restart). */
  readonly child: ChildProcess;
  readonly restarts: number;
  /** Stops the process for good: no restart follows. */
  stop(): Promise<void>;
}

export function stopChild(child: ChildProcess, graceMs = 12_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `code ${code}`);

export function supervise(label: string, first: ChildProcess, options: SupervisorOptions): Supervised {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const restartTimes: number[] = [];
  let child = first;
  let stopped = false;
  let pending: NodeJS.Timeout | undefined;
  const where = options.logHint ? `; see ${options.logHint}` : '';

  const announceWhenReady = async (url: string, since: number) => {
    const deadline = Date.now() + 90_000;
    while (!stopped && Date.now() < deadline) {
      try {
        if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) {
          options.log(`${label} is answering again, ${((Date.now() - since) / 1000).toFixed(1)} s after it stopped`);
          return;
        }
      } catch {
        // still starting
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const watch = (process: ChildProcess) => {
    process.once('exit', (code, signal) => {
      if (stopped) return;
      if (!isUnexpectedExit(code, signal)) {
        if (code !== 0 && !signal) options.log(`! ${label} stopped (${describeExit(code, signal)}) and is not restarted${where}`);
        return;
      }
      const stoppedAt = Date.now();
      const delay = nextRestartDelay(restartTimes, stoppedAt, policy);
      if (delay === undefined) {
        options.log(
          `! ${label} stopped unexpectedly (${describeExit(code, signal)}) after ${policy.maxRestarts} restarts within ${policy.windowMs / 1000} s; it is left down${where}`,
        );
        return;
      }
      restartTimes.push(stoppedAt);
      options.log(`! ${label} stopped unexpectedly (${describeExit(code, signal)}); restarting in ${(delay / 1000).toFixed(1)} s${where}`);
      pending = setTimeout(() => {
        pending = undefined;
        if (stopped) return;
        child = options.respawn();
        watch(child);
        if (options.readyUrl) void announceWhenReady(options.readyUrl, stoppedAt);
      }, delay);
    });
  };
  watch(first);

  return {
    get child() {
      return child;
    },
    get restarts() {
      return restartTimes.length;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(pending);
      await stopChild(child);
    },
  };
}
