// The admin analytics over real HTTP on a real database: a year of events, aggregated per day and event
// for the periods the page offers; front-end error reports; who may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@keisha/service-kit';
import { databaseTargets, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import type { AnalyticsSummary } from '@keisha/contracts/analytics';
import { startDecoder } from './helpers.ts';
import { insertEvents, yearOfEvents, type GeneratedEvent } from './year-of-events.ts';

const targets = await databaseTargets();
let identity: IdentityProcess;
beforeAll(async () => {
  identity = await startIdentityProcess();
});
afterAll(async () => {
  await identity.stop();
});

const SUMMARY = '/api/analytics/admin/summary';
const TIME_ZONE = 'America/New_York';

/** What the summary must say, counted here the slow and obvious way from the generated events. */
const localDays = new WeakMap<GeneratedEvent, string>();
const dayOf = (e: GeneratedEvent) => localDays.get(e) ?? localDays.set(e, localDay(e.created_at, TIME_ZONE)).get(e)!;

function expected(events: readonly GeneratedEvent[], dates: string[], event: string) {
  const inPeriod = events.filter((e) => e.event === event && dates.includes(dayOf(e)));
  return {
    daily: dates.map((day) => inPeriod.filter((e) => dayOf(e) === day).length),
    total: inPeriod.length,
    sessions: new Set(inPeriod.map((e) => e.session_id)).size,
  };
}

describe.each(targets)('admin analytics on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  let base = '';
  let admin = '';
  let events: GeneratedEvent[] = [];
  beforeAll(async () => {
    ctx = await startDecoder(target, { IDENTITY_URL: identity.url, CLIENT_ERROR_RATE_LIMIT_MAX: '100' });
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await identity.tokenFor('admin');
    events = yearOfEvents(new Date());
    await insertEvents(ctx.database.db, events);
  }, 120_000);
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.destroy();
  });

  const summary = (query: string, token = admin) => fetch(`${base}${SUMMARY}?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const report = (body: unknown) => fetch(`${base}/api/analytics/client-errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it.each([7, 30, 90])('counts a year of events per local day and event over the last %i days, with the funnel in sessions', async (days) => {
    const response = await summary(`days=${days}&time_zone=${encodeURIComponent(TIME_ZONE)}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as AnalyticsSummary;
    expect(body.dates).toHaveLength(days);
    expect(body.dates.at(-1)).toBe(localDay(new Date(), TIME_ZONE));
    for (const event of ['page_view', 'analysis_completed', 'paywall_shown', 'sign_up', 'payment_initiated', 'purchase']) {
      const series = body.events.find((s: { event: string }) => s.event === event);
      expect(series, event).toEqual({ event, ...expected(events, body.dates, event) });
    }
    // The browsers' steps only: Purchased is billing's confirmed payments, never the browsers' purchase events.
    expect(body.funnel.map((s: { event: string; sessions: number }) => [s.event, s.sessions])).toEqual(
      ['page_view', 'analysis_completed', 'paywall_shown', 'sign_up', 'payment_initiated'].map((event) => [event, expected(events, body.dates, event).sessions]),
    );
    const sessions = body.funnel.map((s: { sessions: number }) => s.sessions);
    expect(sessions[0]!).toBeGreaterThan(sessions[4]!);
  });

  it('charts an event the browser tracks, by its session', async () => {
    const track = (session: string) =>
      fetch(`${base}/api/analytics/track`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'chat_message_sent', properties: { session_id: session } }) });
    for (const session of ['a', 'a', 'b']) expect((await track(session)).status).toBe(202);
    const body = (await (await summary('days=7&time_zone=UTC')).json()) as AnalyticsSummary;
    expect(body.events.find((s: { event: string }) => s.event === 'chat_message_sent')).toMatchObject({ total: 3, sessions: 2 });
    expect(body.events.find((s: { event: string }) => s.event === 'chat_message_sent')!.daily.at(-1)).toBe(3);
  });

  it('is for administrators only, and refuses a period it does not offer', async () => {
    expect((await summary('days=7', '')).status).toBe(401);
    expect((await summary('days=7', await identity.tokenFor('user'))).status).toBe(403);
    for (const query of ['days=14', 'days=abc', 'days=7&time_zone=Mars/Olympus']) {
      const response = await summary(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { success: boolean }).success).toBe(false);
    }
  });

  it('keeps a front-end error report without its query string or anything personal, and counts it for admins', async () => {
    const failure = { remote: 'decoder', version: '1.0.0', route: '/payment/success?session_id=cs_live_123', kind: 'load', message: 'Remote "decoder" is unavailable: no answer within 8 s' };
    expect((await report(failure)).status).toBe(202);
    expect((await report(failure)).status).toBe(202);
    expect((await report({ ...failure, kind: 'crash', message: 'Cannot read x of jane@example.org' })).status).toBe(202);
    const rows = (await ctx.database.db.selectFrom('client_errors').selectAll().execute()) as Array<{ route: string; message: string }>;
    expect(Object.keys(rows[0]!).sort()).toEqual(['created_at', 'id', 'kind', 'message', 'remote', 'route', 'version']);
    expect(rows.map((r: { route: string }) => r.route)).toEqual(['/payment/success', '/payment/success', '/payment/success']);
    expect(rows.map((r: { message: string }) => r.message)).toContain('Cannot read x of [email]');

    const body = (await (await summary('days=7&time_zone=UTC')).json()) as AnalyticsSummary;
    expect(body.client_errors.total).toBe(3);
    expect(body.client_errors.daily.at(-1)).toBe(3);
    expect(body.client_errors.top[0]).toMatchObject({ remote: 'decoder', version: '1.0.0', kind: 'load', message: failure.message, count: 2 });
  });

  it('refuses a malformed or oversized report with our 400', async () => {
    const good = { remote: 'chat', version: '1.0.0', route: '/', kind: 'crash', message: 'boom' };
    for (const bad of [
      { ...good, message: 'x'.repeat(501) },
      { ...good, remote: 'Chat Remote' },
      { ...good, route: 'https://elsewhere.example/' },
      { ...good, kind: 'other' },
      { ...good, message: '   ' },
      { remote: 'chat' },
    ]) {
      const response = await report(bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
  });

  it('limits reports per address per minute', async () => {
    const limited = await startDecoder(target, { IDENTITY_URL: identity.url, CLIENT_ERROR_RATE_LIMIT_MAX: '2' });
    const url = await limited.app.listen({ host: '127.0.0.1', port: 0 });
    const send = () => fetch(`${url}/api/analytics/client-errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ remote: 'chat', version: '1', route: '/', kind: 'crash', message: 'boom' }) });
    expect([(await send()).status, (await send()).status, (await send()).status]).toEqual([202, 202, 429]);
    await limited.app.close();
  });
});
