// The analysis route's write alone (a use taken and the analysis kept in history), 10 concurrent
// writers for one account on PostgreSQL: one statement per request (as before issue 16) beside the group
// commit with 1, 2 and 4 writers, in the same run. Figures only; the HTTP bench gives the whole route.
import { randomUUID } from 'node:crypto';
import { databaseTargets, openTestDatabase } from '@keisha/service-kit/testing';
import { migrations } from '../../src/db/migrations/index.ts';
import type { DecoderDatabase } from '../../src/db/database.ts';
import { groupCommit, recordOne, type Recording } from '../../src/db/repositories/group-commit.ts';
import { embeddedEngine } from '../../src/plugins/embedded-engine.ts';
import { historyTitle } from '../../src/domain/history.ts';
import { countDatabaseServerCpu } from './server-cpu.ts';

export async function benchWrites(article: string, { seconds = 4, connections = 10, rounds = 2 } = {}): Promise<void> {
  const postgres = (await databaseTargets()).find((target) => target.kind === 'postgres');
  if (!postgres) return void console.log('\nWrites: no PostgreSQL answers (TEST_DATABASE_URL); skipped.');
  const outcome = await embeddedEngine(article);
  const result = Buffer.from(JSON.stringify({ analysis: outcome.analysis, translation: outcome.translation }));
  const database = await openTestDatabase<DecoderDatabase>(postgres, migrations);
  const user = randomUUID();
  const recording = (): Recording => ({
    counter: { subject: `user:${user}`, day: '2026-11-25' },
    limit: null,
    entry: { user_id: user, title: historyTitle(article), score: outcome.analysis.score, term_count: outcome.analysis.detected_terms.length, text: article, result },
  });
  const run = async (name: string, write: (r: Recording) => Promise<unknown>) => {
    const end = Date.now() + seconds * 1000;
    let written = 0;
    const cpu = process.cpuUsage();
    const serverCpu = await countDatabaseServerCpu(postgres.url!);
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          await write(recording());
          written++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    const serverMs = await serverCpu();
    const server = serverMs === undefined ? '' : `, PostgreSQL ${((1000 * serverMs) / written).toFixed(0).padStart(4)} us`;
    console.log(`  ${name.padEnd(28)} ${(written / seconds).toFixed(0).padStart(6)} writes/s   ${((used.user + used.system) / written).toFixed(0).padStart(4)} us of CPU each${server}`);
  };
  console.log(`\nWrites alone: use + history entry (${result.length} bytes of result), ${connections} concurrent writers, ${seconds} s each, on PostgreSQL:`);
  try {
    for (let round = 0; round < rounds; round++) {
      await run('one statement per request', (r) => recordOne(database.db, r));
      for (const writers of [1, 2, 4]) await run(`group commit, ${writers} writer${writers > 1 ? 's' : ''}`, groupCommit(database.db, { writers, binaryArrays: true }));
    }
  } finally {
    await database.destroy();
  }
}
