// The launcher's embedded PostgreSQL (embedded-database.ts): made once in the data folder, a schema per service,
// data kept across restarts, and a server left running by a killed launcher replaced at the next start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@keisha/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '@keisha/service-kit';
import { binariesFrom, startEmbeddedDatabase, type EmbeddedDatabaseOptions } from './embedded-database.ts';
import { tempDirsForFile } from './testing.ts';

const newTempDir = tempDirsForFile('keisha-embedded-db-');
function tempDir(): string {
  const dir = newTempDir();
  // mkdtemp makes it 0700: the server's own account (the tests run as root in CI) must reach it, as it reaches .data.
  fs.chmodSync(dir, 0o755);
  return dir;
}


// KEISHA_POSTGRES_BIN_DIR runs the same tests on the machine's own PostgreSQL binaries.
const binaries = binariesFrom(process.env);

async function start(dataDir: string, port: number, lines: string[] = []) {
  const options: EmbeddedDatabaseOptions = { dataDir, port, log: (line) => lines.push(line), ...binaries };
  return startEmbeddedDatabase(options);
}

async function serviceRows(url: string, schema: string): Promise<string[]> {
  const handle = await openDatabase<any>({ url, schema, poolSize: 1 });
  try {
    return (await sql<{ note: string }>`select note from notes order by note`.execute(handle.db)).rows.map((r) => r.note);
  } finally {
    await handle.close();
  }
}

describe('the embedded PostgreSQL', () => {
  it('is made once, keeps each service in its own schema, and keeps the data across a restart', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const said: string[] = [];
    let database = await start(dataDir, port, said);
    expect(said.filter((line) => line.includes('first start'))).toHaveLength(1);
    expect(new URL(database.url).pathname).toBe('/keisha');
    expect(new URL(database.url).hostname).toBe('127.0.0.1');
    if (process.getuid?.() === 0) {
      // PostgreSQL does not run as root: the cluster belongs to the unprivileged account it runs as.
      expect(fs.statSync(database.pgdata).uid).not.toBe(0);
    }
    // The password is the launcher user's alone, and the server asks for it.
    expect(fs.statSync(path.join(dataDir, 'database', 'password')).mode & 0o077).toBe(0);
    const wrong = new URL(database.url);
    wrong.password = 'not-the-password';
    const intruder = new pg.Client({ connectionString: wrong.toString() });
    await expect(intruder.connect()).rejects.toThrow(/password authentication failed/);

    for (const [schema, note] of [
      ['identity', 'kept by identity'],
      ['chat', 'kept by chat'],
    ] as const) {
      const handle = await openDatabase<any>({ url: database.url, schema, poolSize: 1 });
      await sql`create table notes (note text not null)`.execute(handle.db);
      await sql`insert into notes (note) values (${note})`.execute(handle.db);
      await handle.close();
    }
    expect(await serviceRows(database.url, 'identity')).toEqual(['kept by identity']);
    expect(await serviceRows(database.url, 'chat')).toEqual(['kept by chat']);

    await database.stop();
    await expect(new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 1000 }).connect()).rejects.toThrow();

    said.length = 0;
    database = await start(dataDir, port, said);
    try {
      expect(said.some((line) => line.includes('first start'))).toBe(false);
      expect(await serviceRows(database.url, 'identity')).toEqual(['kept by identity']);
      expect(await serviceRows(database.url, 'chat')).toEqual(['kept by chat']);
    } finally {
      await database.stop();
    }
  }, 60_000);

  it('replaces a server that a killed launcher left running on the folder', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    // A launcher stand-in that starts the database and is then killed outright (no time to stop it).
    const script = path.join(dataDir, 'launcher.ts');
    fs.writeFileSync(
      script,
      `import { binariesFrom, startEmbeddedDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'embedded-database.ts'))};
       const db = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, log: () => {}, ...binariesFrom(process.env) });
       console.log('ready ' + db.pid);
       setInterval(() => {}, 1000);`,
    );
    const launcher = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const orphan = await new Promise<number>((resolve, reject) => {
      let out = '';
      launcher.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = out.match(/ready (\d+)/);
        if (match) resolve(Number(match[1]));
      });
      launcher.once('exit', (code) => reject(new Error(`the stand-in exited (${code}) before the database was ready`)));
    });
    launcher.kill('SIGKILL');
    await new Promise((resolve) => launcher.once('exit', resolve));
    expect(() => process.kill(orphan, 0)).not.toThrow(); // still running, the port and folder still held

    const said: string[] = [];
    const database = await start(dataDir, port, said);
    try {
      expect(said.join('\n')).toMatch(new RegExp(`earlier run \\(pid ${orphan}\\)`));
      expect(fs.existsSync(`/proc/${orphan}`) && !fs.readFileSync(`/proc/${orphan}/stat`, "utf8").includes(") Z ")).toBe(false);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await database.stop();
    }
  }, 60_000);
});
