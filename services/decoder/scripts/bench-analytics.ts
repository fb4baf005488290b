/**
 * npm run bench:analytics [-- --sessions-per-day 300]
 *
 * Prints figures (no pass/fail): the time of the admin analytics aggregate (events and sessions per day
 * and event, one query) over the last 7, 30 and 90 days of a generated year of events, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL, or one answering on 127.0.0.1:5432), with the plan's access path.
 * Then the bounds (issue 28, item 6): 2,000 of the largest events a browser may send, through the track route,
 * with the default daily caps and with a cap of 300 (rows and table bytes before and after), and the time the
 * retention sweep takes to delete 100,000 rows past the period.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { databaseTargets, openTestDatabase } from '@keisha/service-kit/testing';
import { analyticsRepository, eventCountsQuery } from '../src/db/repositories/analytics.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { periodDays } from '../src/domain/analytics/period.ts';
import { insertEvents, yearOfEvents } from '../test/year-of-events.ts';
import { TRACK_LIMITS } from '@keisha/contracts/analytics';
import { buildDecoderApp } from '../src/app.ts';
import { decoderConfigSchema } from '../src/env.ts';
import { embeddedEngine } from '../src/plugins/embedded-engine.ts';
import { retentionCutoff } from '../src/domain/analytics/bounds.ts';

const { values } = parseArgs({ options: { 'sessions-per-day': { type: 'string', default: '300' }, runs: { type: 'string', default: '7' } } });
const sessionsPerDay = Number(values['sessions-per-day']);
const runs = Number(values.runs);
const TIME_ZONE = 'America/New_York';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const now = new Date();
const events = yearOfEvents(now, { sessionsPerDay });
console.log(`A year of events: ${events.length.toLocaleString('en-US')} (${sessionsPerDay} sessions a day, 365 days); ${runs} runs per period, median and range.`);

for (const target of await databaseTargets()) {
  const database = await openTestDatabase<any>(target, migrations);
  try {
    const started = performance.now();
    await insertEvents(database.db, events, 5000);
    console.log(`\n${target.kind}: inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const analytics = analyticsRepository(database.db as Kysely<any>);
    for (const days of [7, 30, 90]) {
      const period = periodDays(now, days, TIME_ZONE);
      await analytics.eventCounts(period, TIME_ZONE); // warm-up
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await analytics.eventCounts(period, TIME_ZONE);
        times.push(performance.now() - t);
      }
      const plan = await sql<{ 'QUERY PLAN': string }>`explain ${eventCountsQuery(period, TIME_ZONE)}`.execute(database.db);
      const access = plan.rows.map((r) => r['QUERY PLAN']).find((line) => /Scan/.test(line))?.replace(/^[\s>-]+/, '').split('  ')[0] ?? '?';
      console.log(`  last ${String(days).padStart(2)} days: ${median(times).toFixed(1)} ms (${Math.min(...times).toFixed(1)}-${Math.max(...times).toFixed(1)}), access: ${access}`);
    }
    await flood(database, target.kind);
  } finally {
    await database.destroy();
  }
}
process.exit(0);

/** The largest event the track route takes: four random strings (nothing for TOAST to compress) that fill its 4 KB of properties. */
function largestEvent(i: number) {
  const filler = () => randomBytes(TRACK_LIMITS.bytes).toString('base64url').slice(0, Math.floor((TRACK_LIMITS.bytes - 200) / 4));
  return { event: 'component_crash', properties: { session_id: `flood-${i}`, a: filler(), b: filler(), c: filler(), d: filler() } };
}

async function flood(database: Awaited<ReturnType<typeof openTestDatabase<any>>>, kind: string) {
  const db = database.db as Kysely<any>;
  const count = async () => Number((await sql<{ n: string }>`select count(*) as n from analytics_events`.execute(db)).rows[0]!.n);
  const bytes = async () => Number((await sql<{ n: string }>`select pg_total_relation_size('analytics_events') as n`.execute(db)).rows[0]!.n);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  // Before the bounds: the old route stored every event with up to 8 KB of properties (8,192 characters of JSON).
  await database.truncateAll();
  const oldBefore = await bytes();
  for (let i = 0; i < 2000; i += 200) {
    const rows = Array.from({ length: 200 }, (_, j) => ({ event: 'x', properties: JSON.stringify({ session_id: `old-${i + j}`, blob: randomBytes(6000).toString('base64url').slice(0, 8150) }) }));
    await db.insertInto('analytics_events').values(rows).execute();
  }
  console.log(`  before (the old route's limit, stored directly): 2,000 events of 8 KB add ${mb((await bytes()) - oldBefore)} and stay forever`);
  for (const caps of [{}, { ANALYTICS_DAILY_EVENTS: '300' }]) {
    await database.truncateAll();
    const config = decoderConfigSchema.parse({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', TRACK_RATE_LIMIT_MAX: '100000', DEFAULT_ACCOUNT_TIER: 'free', ...caps });
    const app = await buildDecoderApp(config, { ...database, close: async () => {} }, { engine: embeddedEngine, logger: false });
    await app.ready();
    const rowsBefore = await count();
    const bytesBefore = await bytes();
    const started = performance.now();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2000; i += 100) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          app.inject({ method: 'POST', url: '/api/analytics/track', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(largestEvent(i + j)), remoteAddress: `192.0.2.${j}` }),
        ),
      );
      for (const answer of answers) statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
    }
    const seconds = (performance.now() - started) / 1000;
    const rowsAfter = await count();
    const bytesAfter = await bytes();
    await app.close();
    const label = 'ANALYTICS_DAILY_EVENTS' in caps ? 'a daily cap of 300 events' : `the default caps (${config.ANALYTICS_DAILY_EVENTS.toLocaleString('en-US')} events, ${mb(config.ANALYTICS_DAILY_BYTES)} a day)`;
    console.log(
      `  flood, 2,000 events of ${JSON.stringify(largestEvent(0).properties).length} B with ${label}: ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')} in ${seconds.toFixed(1)} s; rows ${rowsBefore} -> ${rowsAfter}, table ${mb(bytesBefore)} -> ${mb(bytesAfter)} (+${mb(bytesAfter - bytesBefore)})`,
    );
  }
  // The sweep: 100,000 rows past the retention period, deleted in batches.
  await database.truncateAll();
  const old = new Date(Date.now() - 120 * 86_400_000);
  await insertEvents(db, Array.from({ length: 100_000 }, (_, i) => ({ event: 'page_view', session_id: `old-${i}`, created_at: old })), 5000);
  const analytics = analyticsRepository(db);
  const started = performance.now();
  const deleted = await analytics.deleteBefore(retentionCutoff(new Date(), 90));
  console.log(`  retention sweep: ${deleted.events.toLocaleString('en-US')} rows older than 90 days deleted in ${((performance.now() - started) / 1000).toFixed(1)} s (${kind}); ${await count()} left`);
}
