/**
 * npm run bench:analytics [-- --sessions-per-day 300]
 *
 * Prints figures (no pass/fail): the time of the admin analytics aggregate (events and sessions per day
 * and event, one query) over the last 7, 30 and 90 days of a generated year of events, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL, or one answering on 127.0.0.1:5432), with the plan's access path.
 */
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { databaseTargets, openTestDatabase } from '@keisha/service-kit/testing';
import { analyticsRepository, eventCountsQuery } from '../src/db/repositories/analytics.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { periodDays } from '../src/domain/analytics/period.ts';
import { insertEvents, yearOfEvents } from '../test/year-of-events.ts';

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
  } finally {
    await database.destroy();
  }
}
process.exit(0);
