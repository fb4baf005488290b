// The one-time import of a service's former PGlite folder into its schema on the embedded PostgreSQL
// (platform-database.ts, import-pglite.ts): rows, JSON arrays and serial ids carried over, the folder moved aside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@keisha/service-kit/testing';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '@keisha/service-kit';
import { migrations } from '../../services/chat/src/db/migrations/index.ts';
import { binariesFrom, startEmbeddedDatabase } from './embedded-database.ts';
import { IMPORTED_PGLITE_DIR, importLeftPgliteFolders, leftPgliteFolders } from './platform-database.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keisha-import-pglite-'));
fs.chmodSync(dataDir, 0o755); // the server's own account (run as root) must reach it, as it reaches .data
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));


const binaries = binariesFrom(process.env);

it("imports chat's PGlite folder once: its rows, JSON arrays and serial numbers, then moves the folder aside", async () => {
  // The former default: chat on a PGlite of its own in .data/chat, with a conversation of two messages.
  const source = await openDatabase<any>({ dataDir: path.join(dataDir, 'chat') });
  await migrateToLatest(source.db, migrations);
  const userId = '6f1c1c7e-4d0e-4a39-9a51-3d3b0d1f0a01';
  const [{ id: sessionId }] = (await sql<{ id: string }>`insert into chat_sessions (user_id) values (${userId}) returning id`.execute(source.db)).rows as [{ id: string }];
  // One bubble per row: the reader's question, then the answer with its sources.
  await sql`insert into messages (session_id, user_prompt, ai_response, sources) values
    (${sessionId}, 'first question', null, '[]'::jsonb),
    (${sessionId}, null, 'first answer', ${JSON.stringify([{ title: 'A source', url: 'https://example.org/a' }])}::jsonb)`.execute(source.db);
  const before = (await sql<{ seq: string }>`select seq::text from messages order by seq`.execute(source.db)).rows.map((r) => r.seq);
  await source.close();
  expect(leftPgliteFolders(dataDir)).toEqual(['chat']);

  const database = await startEmbeddedDatabase({ dataDir, port: await freePort(), log: () => {}, ...binaries });
  try {
    const said: string[] = [];
    await importLeftPgliteFolders(dataDir, database.url, (line) => said.push(line));
    expect(said.join('\n')).toMatch(/3 rows in \d+ tables/);
    expect(fs.existsSync(path.join(dataDir, 'chat'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, IMPORTED_PGLITE_DIR, 'chat', 'PG_VERSION'))).toBe(true);
    expect(leftPgliteFolders(dataDir)).toEqual([]);

    const target = await openDatabase<any>({ url: database.url, schema: 'chat', poolSize: 1 });
    try {
      const rows = (
        await sql<{ user_prompt: string | null; ai_response: string | null; sources: unknown; seq: string; user_id: string }>`select m.user_prompt, m.ai_response, m.sources, m.seq::text as seq, s.user_id
          from messages m join chat_sessions s on s.id = m.session_id order by m.seq`.execute(target.db)
      ).rows;
      expect(rows.map((r) => [r.user_prompt, r.ai_response])).toEqual([
        ['first question', null],
        [null, 'first answer'],
      ]);
      expect(rows[0]!.sources).toEqual([]);
      expect(rows[1]!.sources).toEqual([{ title: 'A source', url: 'https://example.org/a' }]);
      expect(rows.map((r) => r.seq)).toEqual(before);
      expect(rows[0]!.user_id).toBe(userId);
      // The next message numbers after the imported ones.
      const next = (await sql<{ seq: string }>`insert into messages (session_id, user_prompt) values (${sessionId}, 'third') returning seq::text as seq`.execute(target.db)).rows[0]!;
      expect(BigInt(next.seq)).toBeGreaterThan(BigInt(before.at(-1)!));
    } finally {
      await target.close();
    }
  } finally {
    await database.stop();
  }
}, 120_000);
