// A PostgreSQL server of the fault suite's own: a fresh cluster in a temporary folder, on a port of
// its choosing, so stopping and restarting it harms no one else using the machine's server.
// PostgreSQL refuses to run as root; as root the server runs as the `postgres` OS user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PrivatePostgres {
  url: string;
  /** Stops the server at once, as a crash would (no checkpoint: committed work must come back from the WAL). */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** One SQL statement through psql; rows as lines, columns separated by `|`. */
  query(sql: string): string;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

const INSTALL_HINT = 'PostgreSQL server binaries were not found in /usr/lib/postgresql/*/bin. Install them (Debian/Ubuntu: apt-get install postgresql) and run npm run test:faults again.';

/** The newest /usr/lib/postgresql/<version>/bin holding both initdb and postgres. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions.map((version) => path.join(root, version, 'bin')).find((bin) => ['initdb', 'postgres', 'pg_ctl', 'psql'].every((tool) => existsSync(path.join(bin, tool))));
}

export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(INSTALL_HINT);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-faults-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');

  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
    return result.stdout;
  };
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  let running = false;

  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
      running = true;
    },
    crash: async () => {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    query: (sql) => {
      const result = spawnSync(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
      return result.stdout.trim();
    },
    destroy: async () => {
      if (running) {
        try {
          run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already down
        }
      }
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
    await server.start();
  } catch (error) {
    await server.destroy();
    throw error;
  }
  return server;
}
