// A real Redis for the tests of shared rate limits, chosen as the databases are (PGlite always, PostgreSQL when
// one answers): TEST_REDIS_URL (or REDIS_URL) when set, else a server answering on 127.0.0.1:6379, else Debian's
// `redis-server` (or `valkey-server`) started on a free port for the test process. With none of them, tests that
// need Redis are not generated: the suite says so on stderr, and the in-memory cases still run.
// TEST_REDIS_URL=none turns Redis off.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { canConnect } from './reachable.ts';
import { freePort } from './service-process.ts';

export interface TestRedis {
  url: string;
  /** How it was found, for the test's title. */
  source: 'TEST_REDIS_URL' | '127.0.0.1:6379' | 'started';
  /** A key prefix of its own, so tests sharing one server (other checkouts, runs at the same time) never meet. */
  keyPrefix(): string;
  /** Sends one command (`call('KEYS', 'x:*')`) on a client of the test's, opened at the first call. */
  call(command: string, ...args: Array<string | number>): Promise<unknown>;
  stop(): Promise<void>;
}

/** The parts of a TestRedis that follow from its URL and its own stop. */
function testRedisAt(url: string, source: TestRedis['source'], stopServer: () => Promise<void> = async () => {}): TestRedis {
  let client: Redis | undefined;
  return {
    url,
    source,
    keyPrefix,
    call: (command, ...args) => (client ??= new Redis(url, { maxRetriesPerRequest: 1 })).call(command, ...args),
    stop: async () => {
      client?.disconnect();
      client = undefined;
      await stopServer();
    },
  };
}

const SERVER_BINARIES = ['redis-server', 'valkey-server'];

function findServerBinary(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/sbin', '/usr/local/bin']);
  for (const name of SERVER_BINARIES) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

const keyPrefix = () => `keisha-test-${randomBytes(5).toString('hex')}`;

let started: Promise<TestRedis | undefined> | undefined;

/** The Redis of this test process (started once, stopped when the process exits), or undefined with a notice. */
export function testRedis(): Promise<TestRedis | undefined> {
  started ??= findRedis();
  return started;
}

async function findRedis(): Promise<TestRedis | undefined> {
  const explicit = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  if (explicit === 'none') {
    process.stderr.write('TEST_REDIS_URL=none: the shared rate-limit tests run in memory only.\n');
    return undefined;
  }
  if (explicit) return testRedisAt(explicit, 'TEST_REDIS_URL');
  if (await canConnect('127.0.0.1', 6379)) return testRedisAt('redis://127.0.0.1:6379', '127.0.0.1:6379');
  const binary = findServerBinary();
  if (!binary) {
    process.stderr.write(
      'No Redis found (TEST_REDIS_URL unset, nothing on 127.0.0.1:6379, no redis-server or valkey-server on PATH): ' +
        'the shared rate-limit tests run in memory only. Install Debian\'s redis-server to run them.\n',
    );
    return undefined;
  }
  return startServer(binary);
}

/** Whether this machine can start a Redis server (for tests that stop and start one). */
export const canStartRedisServer = (): boolean => findServerBinary() !== undefined;

/**
 * Starts a Redis server on a loopback port (a free one unless given), keeping nothing on disk; `args` are added
 * to its command line (a manifest's, for instance).
 */
export async function startRedisServer(options: { port?: number; args?: string[] } = {}): Promise<TestRedis> {
  return startServer(findServerBinary(), options.port, options.args);
}

async function startServer(binary: string | undefined, chosenPort?: number, args: string[] = []): Promise<TestRedis> {
  if (!binary) throw new Error('no redis-server or valkey-server on PATH');
  const port = chosenPort ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-test-redis-'));
  const child: ChildProcess = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => child.kill('SIGKILL'));
  const deadline = Date.now() + 10_000;
  while (!(await canConnect('127.0.0.1', port, 200))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${binary} did not start on port ${port}: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return testRedisAt(`redis://127.0.0.1:${port}`, 'started', stop);
}
