// Issue 29, item 3: a reader who goes away before the result is charged nothing. Over real HTTP with real aborts
// (fetch's AbortController closes the connection): the decoder listens on a port, its engine takes 150 ms, and the
// requests are aborted 5 ms after they were sent. Before the fix each aborted request spent an analysis.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, dropSchemas, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';
import type { AnalysisEngine } from '../src/plugins/analysis-engine.ts';
import { embeddedOutcome } from '../src/plugins/embedded-engine.ts';

const targets = await databaseTargets();
const ARTICLE = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood.';
const ENGINE_MS = 150;
// Identity keeps its accounts on PostgreSQL when one answers (it starts in seconds there, in up to a minute on a
// loaded machine's PGlite).
const postgres = targets.find((t) => t.kind === 'postgres');

describe.each(targets)('a reader who went away, on $kind', (target) => {
  let identity: IdentityProcess;
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  let url: string;
  let started = 0;
  let answered = 0;
  // An engine as slow as a long article on a busy thread, so that an abort can land while the analysis runs.
  const slow: AnalysisEngine = async (text) => {
    started++;
    await sleep(ENGINE_MS);
    answered++;
    return embeddedOutcome(text);
  };

  beforeAll(async () => {
    identity = await startIdentityProcess(postgres?.url ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: `identity_gone_${target.kind}_${process.pid}` } : {});
    ctx = await startDecoder(target, { IDENTITY_URL: identity.url }, slow);
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.destroy();
    await identity?.stop();
    await dropSchemas(postgres?.url, [`identity_gone_${target.kind}_${process.pid}`]);
  });
  beforeEach(async () => {
    await ctx.database.db.deleteFrom('usage_counters').execute();
    await ctx.database.db.deleteFrom('reader_days').execute();
    started = 0;
    answered = 0;
  });

  const analyse = (headers: Record<string, string>, signal?: AbortSignal) =>
    fetch(`${url}/api/bias-analysis`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ text: ARTICLE, time_zone: 'UTC' }), signal });

  /**
   * `count` requests at once, each aborted 5 ms after it was sent, or once every one of them is being analysed; resolves
   * when the service has finished the analyses it started.
   */
  async function aborted(count: number, headers: Record<string, string>, when: '5 ms' | 'while analysed'): Promise<void> {
    // Counted from here: a request of an earlier call, aborted 5 ms after sending, may have reached its analysis.
    const before = started;
    const controllers = Array.from({ length: count }, () => new AbortController());
    const outcomes = controllers.map((controller) =>
      analyse(headers, controller.signal).then(
        () => 'answered',
        () => 'aborted',
      ),
    );
    if (when === '5 ms') await sleep(5);
    else await until(() => started - before === count);
    for (const controller of controllers) controller.abort();
    // (5 ms after sending, a request of a guest past their three may already have had its 429.)
    if (when === 'while analysed') expect(await Promise.all(outcomes)).toEqual(controllers.map(() => 'aborted'));
    else await Promise.all(outcomes);
    await until(() => started === answered);
  }

  async function until(done: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('not within 10 s');
      await sleep(20);
    }
  }

  const usedBy = async (headers: Record<string, string>) => {
    const response = await fetch(`${url}/api/bias-usage/current?time_zone=UTC`, { headers });
    return ((await response.json()) as { usage: { daily_count: number } }).usage.daily_count;
  };

  it('charges a guest nothing for ten analyses aborted 5 ms after sending, or while analysed; their three of the day still work', async () => {
    await aborted(10, {}, '5 ms');
    // A request still on its way gives its use back once its analysis ends: the count settles at 0.
    await until(async () => (await usedBy({})) === 0).catch(() => {});
    expect(await usedBy({})).toBe(0);
    await aborted(3, {}, 'while analysed'); // a guest's three: more would be refused before any analysis
    await until(async () => (await usedBy({})) === 0).catch(() => {});
    expect(await usedBy({})).toBe(0);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await analyse({})).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  }, 60_000);

  it('charges an account nothing for ten aborted analyses, and keeps none of them in its history', async () => {
    const token = await identity.tokenFor('user');
    const headers = { authorization: `Bearer ${token}` };
    await aborted(10, headers, '5 ms');
    await aborted(10, headers, 'while analysed');
    await until(async () => (await usedBy(headers)) === 0).catch(() => {});
    expect(await usedBy(headers)).toBe(0);
    const history = await ctx.database.db.selectFrom('analyses').select('id').where('user_id', '=', JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub).execute();
    expect(history).toHaveLength(0);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await analyse(headers)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  }, 60_000);
});
