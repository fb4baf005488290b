// The shared store for `npm start -- --replicas N` when REDIS_URL is not set: Debian's redis-server (or
// valkey-server) on a loopback port of the platform's, nothing on disk (counters of a minute: `--save ""
// --appendonly no`, as in the Kubernetes base). Without one of them on PATH, the launcher runs without it and says
// that each replica then counts its own limits.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnTiedNode } from './child-processes.ts';

/**
 * redis-server runs under a small Node process tied to the launcher (child-processes.ts): when the launcher is gone,
 * SIGKILL included, that process ends and stops the server, which would otherwise keep its port.
 */
const TIED_WRAPPER = [
  "const { spawn } = require('node:child_process');",
  'const [binary, ...args] = process.argv.slice(1);',
  "const server = spawn(binary, args, { stdio: ['ignore', 'ignore', 'inherit'] });",
  "const stop = () => server.kill('SIGTERM');",
  "process.on('SIGTERM', stop);",
  "process.on('SIGINT', stop);",
  "process.on('exit', () => server.kill('SIGKILL'));",
  "server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));",
].join('\n');

export interface LocalRedis {
  url: string;
  stop(): Promise<void>;
}

/** redis-server or valkey-server on PATH, or undefined. */
export function findRedisServer(pathVariable = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    for (const name of ['redis-server', 'valkey-server']) {
      const candidate = path.join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(300, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('+PONG')));
  });
}

export async function startLocalRedis(binary: string, port: number): Promise<LocalRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-redis-'));
  const child: ChildProcess = spawnTiedNode(['-e', TIED_WRAPPER, binary, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    env: process.env,
    output: 'pipe',
  });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The wrapper stops the server on SIGTERM (a SIGKILL would leave the server running).
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${path.basename(binary)} did not start on port ${port}${stderr ? `: ${stderr.trim()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}
