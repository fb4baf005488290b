// Browser analytics are bounded (issue 28, item 6), over HTTP on a real database: event names from our list,
// small flat properties, a rate per address, a share of the day per address, a global cap per UTC day that holds exactly under concurrency and
// across replicas, and a retention period whose sweep deletes old rows. A flood of 2,000 large events leaves
// the table at the day's cap (before: all 2,000 stored, 32 MB, never deleted).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { databaseTargets, openTestDatabase, type TestDatabase } from '@keisha/service-kit/testing';
import { BROWSER_EVENTS, TRACK_LIMITS } from '@keisha/contracts/analytics';
import { buildDecoderApp } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { decoderConfigSchema } from '../src/env.ts';
import { embeddedEngine } from '../src/plugins/embedded-engine.ts';

const targets = await databaseTargets();

/** A decoder app over an already open database: several of them are replicas sharing its tables. */
async function decoderOn(database: TestDatabase<any>, env: Record<string, string> = {}) {
  const config = decoderConfigSchema.parse({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', TRACK_RATE_LIMIT_MAX: '100000', DEFAULT_ACCOUNT_TIER: 'free', ...env });
  const app = await buildDecoderApp(config, { ...database, close: async () => {} }, { engine: embeddedEngine, logger: false });
  await app.ready();
  return app;
}
type DecoderApp = Awaited<ReturnType<typeof decoderOn>>;

const track = (app: DecoderApp, body: unknown, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/analytics/track', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: ip });

/** The largest event the route takes: four random strings (nothing for TOAST to compress) that fill the 4 KB of properties. */
function largestEvent(i: number) {
  const filler = () => randomBytes(TRACK_LIMITS.bytes).toString('base64url').slice(0, Math.floor((TRACK_LIMITS.bytes - 200) / 4));
  return { event: 'component_crash', properties: { session_id: `flood-${i}`, a: filler(), b: filler(), c: filler(), d: filler() } };
}

describe.each(targets)('browser analytics bounds on $kind', (target) => {
  let database: TestDatabase<any>;
  const apps: DecoderApp[] = [];
  beforeAll(async () => {
    database = await openTestDatabase<any>(target, migrations);
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
  });
  const start = async (env: Record<string, string> = {}) => {
    await database.truncateAll();
    const app = await decoderOn(database, env);
    apps.push(app);
    return app;
  };
  const db = () => database.db as Kysely<any>;
  const rows = async () => Number((await sql<{ n: string }>`select count(*) as n from analytics_events`.execute(db())).rows[0]!.n);
  const tableBytes = async () => Number((await sql<{ n: string }>`select pg_total_relation_size('analytics_events') as n`.execute(db())).rows[0]!.n);

  it('takes the site’s events and refuses unknown names, nested or large properties with our 400', async () => {
    const app = await start();
    for (const event of BROWSER_EVENTS) expect((await track(app, { event, properties: { session_id: 's' } })).statusCode, event).toBe(202);
    for (const bad of [
      { event: 'purchase_forged', properties: {} },
      { event: 'page_view', properties: { nested: { deep: true } } },
      { event: 'page_view', properties: { list: ['a'] } },
      { event: 'page_view', properties: { a: 'x'.repeat(TRACK_LIMITS.stringLength + 1) } },
      { event: 'page_view', properties: { a: 'x'.repeat(2000), b: 'x'.repeat(2000), c: 'x'.repeat(200) } },
      { event: 'page_view', properties: Object.fromEntries(Array.from({ length: TRACK_LIMITS.keys + 1 }, (_, i) => [`k${i}`, i])) },
    ]) {
      const response = await track(app, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
    expect(await rows()).toBe(BROWSER_EVENTS.length);
  });

  it('limits events per address per minute', async () => {
    const app = await start({ TRACK_RATE_LIMIT_MAX: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await track(app, { event: 'page_view', properties: {} }, '198.51.100.1')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // Another address has its own minute.
    expect((await track(app, { event: 'page_view', properties: {} }, '198.51.100.2')).statusCode).toBe(202);
  });

  it('caps the day for all addresses and replicas together, exactly, under concurrency', async () => {
    const env = { ANALYTICS_DAILY_EVENTS: '40' };
    const first = await start(env);
    const second = await decoderOn(database, env);
    apps.push(second);
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, i) => track(i % 2 === 0 ? first : second, { event: 'page_view', properties: { session_id: `s${i}` } }, `192.0.2.${i % 50}`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    const refusal = responses.find((r) => r.statusCode === 429)!;
    expect(refusal.json()).toMatchObject({ success: false, error: { code: 'ANALYTICS_DAILY_LIMIT' } });
    const retryAfter = Number(refusal.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await rows()).toBe(40);
    const day = await db().selectFrom('analytics_days').selectAll().executeTakeFirstOrThrow();
    expect(day.events).toBe(40);
  });

  it('gives each address a share of the day, so that one address cannot fill it for everyone', async () => {
    const app = await start({ ANALYTICS_DAILY_EVENTS_PER_ADDRESS: '3', ANALYTICS_DAILY_EVENTS: '100' });
    const from = async (ip: string) => (await track(app, { event: 'page_view', properties: {} }, ip)).statusCode;
    const flood = [];
    for (let i = 0; i < 5; i++) flood.push(await from('198.51.100.9'));
    expect(flood).toEqual([202, 202, 202, 429, 429]);
    expect(await from('198.51.100.10')).toBe(202);
    expect(await rows()).toBe(4);
    // The refused ones took no room in the site's day.
    expect((await db().selectFrom('analytics_days').select('events').executeTakeFirstOrThrow()).events).toBe(4);
  });

  it('caps the day’s bytes too', async () => {
    const app = await start({ ANALYTICS_DAILY_BYTES: String(10 * 1024) });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await track(app, largestEvent(i))).statusCode);
    // Each event weighs about 3.9 KB: two fit in 10 KB, the third would not.
    expect(statuses).toEqual([202, 202, 429, 429, 429, 429]);
    expect(await rows()).toBe(2);
  });

  it('deletes events and error reports past the retention period on its timer, and keeps the rest', async () => {
    await database.truncateAll();
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    await db()
      .insertInto('analytics_events')
      .values([91, 120, 400, 89, 1].map((days, i) => ({ event: 'page_view', properties: JSON.stringify({ session_id: `r${i}` }), created_at: ago(days) })))
      .execute();
    await db()
      .insertInto('client_errors')
      .values([95, 2].map((days) => ({ remote: 'chat', version: '1', route: '/', kind: 'crash', message: `${days} days ago`, created_at: ago(days) })))
      .execute();
    await db().insertInto('analytics_days').values([{ day: ago(120).toISOString().slice(0, 10), events: 1, bytes: 10 }]).execute();
    const today = new Date(now).toISOString().slice(0, 10);
    await db()
      .insertInto('analytics_address_days')
      .values([
        { subject: 'ip:192.0.2.1', day: ago(3).toISOString().slice(0, 10), events: 7 },
        { subject: 'ip:192.0.2.1', day: today, events: 2 },
      ])
      .execute();
    const app = await decoderOn(database, { ANALYTICS_RETENTION_DAYS: '90', ANALYTICS_SWEEP_INTERVAL_MS: '100' });
    apps.push(app);
    const deadline = Date.now() + 10_000;
    while ((await rows()) > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const kept = await db().selectFrom('analytics_events').select('properties').orderBy('created_at').execute();
    expect(kept.map((row: { properties: { session_id: string } }) => row.properties.session_id)).toEqual(['r3', 'r4']);
    await expect.poll(async () => (await db().selectFrom('client_errors').select('message').execute()).map((r: { message: string }) => r.message)).toEqual(['2 days ago']);
    expect(await db().selectFrom('analytics_days').selectAll().execute()).toEqual([]);
    expect((await db().selectFrom('analytics_address_days').select('events').execute()).map((r: { events: number }) => r.events)).toEqual([2]);
    // The timer keeps sweeping: a row that ages past the period later goes too.
    await db().insertInto('analytics_events').values({ event: 'page_view', properties: '{}', created_at: ago(200) }).execute();
    await expect.poll(rows, { timeout: 5000 }).toBe(2);
  });

  it('stays bounded under a flood: 2,000 of the largest events store only the day’s cap', async () => {
    const cap = 300;
    const app = await start({ ANALYTICS_DAILY_EVENTS: String(cap) });
    const bytesBefore = await tableBytes();
    let accepted = 0;
    for (let i = 0; i < 2000; i += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, (_, j) => track(app, largestEvent(i + j), `192.0.2.${j}`)));
      accepted += batch.filter((r) => r.statusCode === 202).length;
      expect(batch.every((r) => r.statusCode === 202 || r.statusCode === 429)).toBe(true);
    }
    const bytesAfter = await tableBytes();
    expect(accepted).toBe(cap);
    expect(await rows()).toBe(cap);
    const grown = bytesAfter - bytesBefore;
    // 300 events of about 3.9 KB each (compressed by TOAST where it can): well under 300 x 8 KB.
    expect(grown).toBeLessThan(cap * 8192);
    console.log(`[bench] ${target.kind}: 2,000 events of ${JSON.stringify(largestEvent(0).properties).length} B sent, ${accepted} stored (cap ${cap}), table ${bytesBefore} -> ${bytesAfter} bytes (+${grown})`);
  }, 60_000);
});
