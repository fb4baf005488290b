// One of our services, as a real process on a free port with a database of its own (PGlite in a
// temporary folder), for the tests of another service that talks to it over HTTP as in production.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SERVICES_DIR = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'services');

export interface ServiceProcess {
  url: string;
  port: number;
  /** What the process has logged so far (JSON lines, at its LOG_LEVEL: error unless given). */
  logs(): string[];
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. For benchmarks. */
export function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS; // utime + stime
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** Starts `services/<name>/src/server.ts` and resolves once it answers /health/ready. */
export async function startServiceProcess(name: 'identity' | 'billing' | 'decoder' | 'chat', env: Record<string, string> = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `keisha-test-${name}-`));
  const child = spawn(process.execPath, [path.join(SERVICES_DIR, name, 'src', 'server.ts')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const logs = () => stdout.split('\n').filter(Boolean);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // 60 s unless KEISHA_TEST_START_TIMEOUT_MS says otherwise (a machine shared by many test runs starts slowly).
  const startTimeoutMs = Number(process.env.KEISHA_TEST_START_TIMEOUT_MS) || 60_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${name} exited (${child.exitCode}): ${stderr}`);
    }
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not start within ${startTimeoutMs / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { url, port, logs, stop };
}

/** A real billing service trusting the tokens of `identityUrl`, with the payment sandbox on. */
export function startBillingProcess(identityUrl: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startServiceProcess('billing', { IDENTITY_URL: identityUrl, PAYMENTS_SANDBOX: 'on', ...env });
}
