// Which database the launcher's services use:
//   DATABASE_URL set                  that PostgreSQL (each service in a schema named after it), as before;
//   KEISHA_EMBEDDED_DATABASE=pglite   a PGlite per service in `.data/<service>` (the former default, heavier);
//   otherwise                         one embedded PostgreSQL for all (embedded-database.ts), in `.data/database`
//                                     (KEISHA_POSTGRES_BIN_DIR: with the machine's own postgres and initdb).
// With the embedded PostgreSQL, a service's PGlite folder left by the former default is imported once into its
// schema (import-pglite.ts) and then moved to `.data/pglite-imported/<service>`, to be deleted when not needed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_PORT_OFFSET, binariesFrom, startEmbeddedDatabase, UnreachableForServerAccount, type EmbeddedDatabase } from './embedded-database.ts';
import { REPO_ROOT, SERVICES, type ServiceName } from './topology.ts';

export interface ServicesDatabase {
  /** What to add to every service's environment: DATABASE_URL of the embedded server, and NODE_OPTIONS. */
  serviceEnv: NodeJS.ProcessEnv;
  /** What the launcher says the services use. */
  description: string;
  stop(): Promise<void>;
}

export const IMPORTED_PGLITE_DIR = 'pglite-imported';

/**
 * V8's young generation at 1 MB semi-spaces instead of 16: an idle service holds 35-50 MB less (measured on
 * decoder and identity: 217 -> 168 MB, 208 -> 176 MB), for more frequent minor collections under load, a fair
 * trade on a laptop. A NODE_OPTIONS that already sets it wins.
 */
export const LEAN_SERVICE_FLAGS = '--max-semi-space-size=1';

export function leanNodeOptions(nodeOptions: string | undefined): string {
  if (nodeOptions?.includes('--max-semi-space-size')) return nodeOptions;
  return [nodeOptions, LEAN_SERVICE_FLAGS].filter(Boolean).join(' ');
}

export interface DatabaseForServicesOptions {
  dataDir: string;
  basePort: number;
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export async function databaseForServices({ dataDir, basePort, env, log = console.log }: DatabaseForServicesOptions): Promise<ServicesDatabase> {
  const lean = { NODE_OPTIONS: leanNodeOptions(env.NODE_OPTIONS) };
  if (env.DATABASE_URL) return { serviceEnv: lean, description: 'PostgreSQL at DATABASE_URL', stop: async () => {} };
  const choice = env.KEISHA_EMBEDDED_DATABASE ?? 'postgres';
  if (choice === 'pglite') return { serviceEnv: lean, description: `a PGlite per service in ${dataDir}`, stop: async () => {} };
  if (choice !== 'postgres') throw new Error(`KEISHA_EMBEDDED_DATABASE must be postgres or pglite, got "${choice}"`);
  const port = env.KEISHA_DATABASE_PORT ? Number(env.KEISHA_DATABASE_PORT) : basePort + DATABASE_PORT_OFFSET;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`KEISHA_DATABASE_PORT must be a port number, got "${env.KEISHA_DATABASE_PORT}"`);
  let database: EmbeddedDatabase;
  try {
    database = await startEmbeddedDatabase({ dataDir, port, log, ...binariesFrom(env) });
  } catch (error) {
    if (!(error instanceof UnreachableForServerAccount)) throw error;
    // Still two commands: the former default runs, heavier, and the way out is said.
    log(`! ${error.message}. Running a PGlite per service instead (about 2 GB of memory rather than under 1 GB); make the folders reachable, start Keisha as another user, or set DATABASE_URL.`);
    return { serviceEnv: lean, description: `a PGlite per service in ${dataDir}`, stop: async () => {} };
  }
  try {
    await importLeftPgliteFolders(dataDir, database.url, log);
  } catch (error) {
    await database.stop();
    throw error;
  }
  return {
    // One idle connection per service (each is a server process), not two: its first request after a pause
    // still finds one open.
    serviceEnv: { ...lean, DATABASE_URL: database.url, DATABASE_POOL_MIN: '1' },
    description: `the embedded PostgreSQL on 127.0.0.1:${port} (${database.pgdata})`,
    stop: database.stop,
  };
}

/** The services whose PGlite folder from the former default is still in the data folder. */
export function leftPgliteFolders(dataDir: string): ServiceName[] {
  return SERVICES.filter((name) => fs.existsSync(path.join(dataDir, name, 'PG_VERSION')));
}

export async function importLeftPgliteFolders(dataDir: string, url: string, log: (line: string) => void): Promise<void> {
  for (const service of leftPgliteFolders(dataDir)) {
    const folder = path.join(dataDir, service);
    log(`Importing ${service}'s data from its PGlite folder (${folder}) into the embedded PostgreSQL, once...`);
    const copied = await runImport(service, folder, url);
    const kept = path.join(dataDir, IMPORTED_PGLITE_DIR, service);
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.rmSync(kept, { recursive: true, force: true });
    fs.renameSync(folder, kept);
    const rows = Object.values(copied).reduce((sum, n) => sum + n, 0);
    log(`  ${rows} rows in ${Object.keys(copied).length} tables; the old folder is now ${kept} (delete it when you no longer need it).`);
  }
}

function runImport(service: ServiceName, folder: string, url: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'infra', 'local', 'import-pglite.ts'), service, folder], {
      env: { ...process.env, IMPORT_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) {
        try {
          resolve((JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { copied: Record<string, number> }).copied);
          return;
        } catch {
          // fall through: an answer that is not ours
        }
      }
      reject(
        new Error(
          `${service}'s PGlite folder (${folder}) could not be imported: ${err.trim() || `exit code ${code}`}. The folder is untouched; ` +
            'KEISHA_EMBEDDED_DATABASE=pglite runs on it as before.',
        ),
      );
    });
  });
}
