// The daily newsletter over HTTP on both databases: opt-in and opt-out, once per reader per day (runs at the
// same time, a restart, two replicas with their timers), the unsubscribe link and its headers, plan gating,
// and administrators' issues. Billing and the decoder are small HTTP servers on loopback that answer their
// internal routes in the contracts' shapes; every message goes through a real SMTP server.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_NEWSLETTER_PATHS, AUTH_PATHS, NEWSLETTER_PATHS } from '@keisha/contracts/identity';
import { INTERNAL_ENTITLEMENTS_PATH } from '@keisha/contracts/billing';
import { adminEntitlementsResponse, entitlementResponse } from '@keisha/contracts/billing/schemas';
import { INTERNAL_NEWSLETTER_DIGESTS_PATH } from '@keisha/contracts/decoder';
import { newsletterDigestsResponse } from '@keisha/contracts/decoder/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets } from '@keisha/service-kit/testing';
import { utcDay } from '../src/newsletter/newsletter.ts';
import { ADMIN, bearer, signIn, signUp, type Signed, type TestContext, identityAppsForSuite } from './helpers.ts';
import { startSmtp, waitFor, type TestSmtp } from './smtp.ts';

const targets = await databaseTargets();
const INTERNAL = 'newsletter-test-internal-token-0123456789abcdef';
const today = () => utcDay(new Date());

interface Fakes {
  plans: Map<string, string>;
  /** Every reader the decoder was asked a week for, in order. */
  digestCalls: string[];
  /** Questions asked of billing and of the decoder (one per page of readers). */
  questions: { billing: number; decoder: number };
  /** Each answer waits this long (a slow dependency). */
  delayMs: number;
  billingUrl: string;
  decoderUrl: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const idsOf = (url: URL) => (url.searchParams.get('user_ids') ?? '').split(',').filter((id) => /^[0-9a-f-]{36}$/.test(id));

/**
 * billing's and the decoder's internal routes for a page of readers (the routes the newsletter asks), answering
 * only with the internal token, in the contracts' shapes.
 */
async function startFakes(): Promise<Fakes> {
  const plans = new Map<string, string>();
  const digestCalls: string[] = [];
  const questions = { billing: 0, decoder: 0 };
  const fakes = { delayMs: 0 };
  const answer = (response: ServerResponse, body: unknown) =>
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, fakes.delayMs);
  const billing = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (request.headers[INTERNAL_TOKEN_HEADER] !== INTERNAL) return response.writeHead(401).end();
    const entitlement = (id: string) => ({ decoder_tier: plans.get(id) ?? 'free', chat_tier: 'Free', expires_at: null, lifetime: false });
    // One reader (the account page's "what the plan includes"), or a page of them (the run).
    const one = /^\/internal\/billing\/entitlements\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (one) return answer(response, entitlementResponse.parse({ success: true, entitlement: entitlement(one[1]!) }));
    if (url.pathname !== INTERNAL_ENTITLEMENTS_PATH) return response.writeHead(404).end();
    questions.billing += 1;
    answer(response, adminEntitlementsResponse.parse({ success: true, entitlements: Object.fromEntries(idsOf(url).map((id) => [id, entitlement(id)])) }));
  });
  const decoder = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname !== INTERNAL_NEWSLETTER_DIGESTS_PATH || request.headers[INTERNAL_TOKEN_HEADER] !== INTERNAL) return response.writeHead(401).end();
    questions.decoder += 1;
    digestCalls.push(...idsOf(url));
    const week = { count: 2, average_score: 41.5, analyses: [{ title: 'Crime <wave> story', score: 63, term_count: 3, created_at: `${url.searchParams.get('day')}T00:00:00.000Z` }, { title: 'Budget', score: 20, term_count: 1, created_at: '2026-01-01T00:00:00.000Z' }] };
    answer(
      response,
      newsletterDigestsResponse.parse({
        success: true,
        term: { term: 'inner city', category: 'Racial coding', explanation: 'Often stands in for Black neighbourhoods.', replacement: 'city centre', source_url: 'https://example.org/source' },
        weeks: Object.fromEntries(idsOf(url).map((id) => [id, week])),
      }),
    );
  });
  const [billingUrl, decoderUrl] = await Promise.all([listen(billing), listen(decoder)]);
  return Object.assign(fakes, {
    plans,
    digestCalls,
    questions,
    billingUrl,
    decoderUrl,
    close: async () => {
      billing.closeAllConnections();
      decoder.closeAllConnections();
      await Promise.all([new Promise((resolve) => billing.close(resolve)), new Promise((resolve) => decoder.close(resolve))]);
    },
  });
}

const listHeader = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');
const newsletters = (smtp: TestSmtp) => smtp.received.filter((mail) => listHeader(mail, 'list-unsubscribe'));

describe.each(targets)('daily newsletter on $kind', (target) => {
  const base = identityAppsForSuite(target);
  let fakes: Fakes;
  let smtp: TestSmtp;

  const start = (env: Record<string, string> = {}) =>
    base.start({
      INTERNAL_API_TOKEN: INTERNAL,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '20',
      BILLING_URL: fakes.billingUrl,
      DECODER_URL: fakes.decoderUrl,
      NEWSLETTER_SEND_HOUR_UTC: '0',
      ...env,
    });

  /** A reader with a confirmed address, a plan at billing, and (optionally) opted in from the account page. */
  const reader = async (app: TestContext['app'], email: string, plan: string, optIn = true): Promise<Signed> => {
    const signed = await signUp(app, email);
    await base.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', signed.user.id).execute();
    fakes.plans.set(signed.user.id, plan);
    if (optIn) {
      const response = await app.inject({ method: 'PUT', url: NEWSLETTER_PATHS.subscription, headers: bearer(signed.token), payload: { subscribed: true } });
      expect(response.statusCode).toBe(200);
    }
    return signed;
  };
  const admin = async (app: TestContext['app']) => (await signIn(app, ADMIN.email, ADMIN.password, '/api/auth/admin/login')).token;
  const newsletterRows = () => base.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'newsletter').execute();
  const sendNow = (app: TestContext['app'], token: string) => app.inject({ method: 'POST', url: ADMIN_NEWSLETTER_PATHS.run, headers: bearer(token), payload: {} });

  beforeAll(async () => {
    fakes = await startFakes();
  });
  beforeEach(async () => {
    fakes.plans.clear();
    fakes.digestCalls.length = 0;
    fakes.questions.billing = fakes.questions.decoder = 0;
    fakes.delayMs = 0;
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });
  afterAll(async () => {
    await fakes.close();
  });

  it('lets a reader opt in and out on the account page, says whether the plan includes it, and refuses bad input', async () => {
    const { app } = await start();
    const free = await reader(app, 'free@example.org', 'free', false);
    const get = async (who: Signed) => (await app.inject({ method: 'GET', url: NEWSLETTER_PATHS.subscription, headers: bearer(who.token) })).json();
    expect(await get(free)).toEqual({ success: true, subscription: { subscribed: false, included: false, send_hour_utc: 0 } });
    const put = (who: Signed, payload: unknown) => app.inject({ method: 'PUT', url: NEWSLETTER_PATHS.subscription, headers: bearer(who.token), payload: payload as object });
    expect((await put(free, { subscribed: true })).json().subscription).toEqual({ subscribed: true, included: false, send_hour_utc: 0 });
    fakes.plans.set(free.user.id, 'monthly'); // a free answer is not reused: the plan counts on the next request
    expect((await get(free)).subscription).toMatchObject({ subscribed: true, included: true });
    expect((await put(free, { subscribed: false })).json().subscription).toMatchObject({ subscribed: false });

    for (const payload of [{ subscribed: 'yes' }, {}, { subscribed: true, plan: 'annual' }]) {
      const bad = await put(free, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect((await app.inject({ method: 'GET', url: NEWSLETTER_PATHS.subscription })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: NEWSLETTER_PATHS.subscription, payload: { subscribed: true } })).statusCode).toBe(401);
  });

  it('sends once per reader per day: runs at the same time, again, after a restart and from a second replica; none to a free reader', async () => {
    const first = await start();
    const monthly = await reader(first.app, 'monthly@example.org', 'monthly');
    const annual = await reader(first.app, 'annual@example.org', 'annual');
    const free = await reader(first.app, 'free@example.org', 'free');
    await reader(first.app, 'not-opted@example.org', 'monthly', false);
    const token = await admin(first.app);

    const second = await start(); // a replica on the same database
    const runs = await Promise.all([sendNow(first.app, token), sendNow(second.app, token), sendNow(first.app, token), sendNow(second.app, token)]);
    for (const run of runs) expect([200, 409]).toContain(run.statusCode);
    expect(runs.some((run) => run.statusCode === 200)).toBe(true);
    const busy = runs.find((run) => run.statusCode === 409);
    if (busy) expect(busy.json().error.code).toBe('RUN_IN_PROGRESS');
    expect((await sendNow(second.app, token)).json().run).toMatchObject({ day: today(), queued: 0, skipped: 1, complete: true });

    await first.app.close(); // a restart
    const third = await start();
    expect((await sendNow(third.app, token)).json().run).toMatchObject({ queued: 0 });

    await waitFor(() => newsletters(smtp).length >= 2, 10_000, 'two newsletters');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = await newsletterRows();
    expect(rows.map((row) => row.recipient).sort()).toEqual(['annual@example.org', 'monthly@example.org']);
    expect(newsletters(smtp).map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '')).sort()).toEqual(['annual@example.org', 'monthly@example.org']);
    const deliveries = await base.database.db.selectFrom('newsletter_deliveries').selectAll().execute();
    expect(deliveries.map((row) => row.user_id).sort()).toEqual([monthly.user.id, annual.user.id].sort());
    expect(deliveries.some((row) => row.user_id === free.user.id)).toBe(false);
  });

  it('sends once per reader per day with two replicas whose timers race, and finishes the day', async () => {
    const bootstrap = await start();
    await reader(bootstrap.app, 'one@example.org', 'monthly');
    await reader(bootstrap.app, 'two@example.org', 'annual');
    await bootstrap.app.close();
    const timers = { NEWSLETTER_ENABLED: 'true', NEWSLETTER_CHECK_MS: '100' };
    await Promise.all([start(timers), start(timers)]);
    await waitFor(async () => (await base.database.db.selectFrom('newsletter_runs').select('finished_at').where('day', '=', today()).executeTakeFirst())?.finished_at != null, 15_000, 'the day finished');
    await waitFor(() => newsletters(smtp).length >= 2, 10_000, 'two newsletters');
    await new Promise((resolve) => setTimeout(resolve, 500)); // more ticks of both timers
    expect((await newsletterRows()).map((row) => row.recipient).sort()).toEqual(['one@example.org', 'two@example.org']);
    expect(newsletters(smtp)).toHaveLength(2);
  });

  it('walks the readers a page at a time, one question to billing and one to the decoder a page, and holds the day while it works', async () => {
    const first = await start({ NEWSLETTER_PAGE_SIZE: '2', NEWSLETTER_LEASE_MS: '1000' });
    const paid = [];
    for (let i = 0; i < 5; i += 1) paid.push(await reader(first.app, `paged-${i}@example.org`, i % 2 ? 'annual' : 'monthly'));
    await reader(first.app, 'paged-free@example.org', 'free');
    const token = await admin(first.app);
    const second = await start({ NEWSLETTER_PAGE_SIZE: '2', NEWSLETTER_LEASE_MS: '1000' }); // a replica on the same database

    // Each answer takes 400 ms: three pages, two questions each, is about 2.4 s, more than twice the lease.
    fakes.delayMs = 400;
    const began = Date.now();
    const running = sendNow(first.app, token);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const meanwhile = await sendNow(second.app, token);
    expect(meanwhile.statusCode).toBe(409); // the lease was renewed at each page, so the day is still held
    expect(meanwhile.json().error.code).toBe('RUN_IN_PROGRESS');
    const run = (await running).json().run;
    expect(Date.now() - began).toBeGreaterThan(2000);
    expect(run).toMatchObject({ day: today(), queued: 5, skipped: 1, complete: true });
    expect(fakes.questions).toEqual({ billing: 3, decoder: 3 });
    expect([...fakes.digestCalls].sort()).toEqual(paid.map((signed) => signed.user.id).sort()); // only the paid readers' weeks

    fakes.delayMs = 0;
    expect((await sendNow(second.app, token)).json().run).toMatchObject({ queued: 0, skipped: 1, complete: true });
    const deliveries = await base.database.db.selectFrom('newsletter_deliveries').select('user_id').execute();
    expect(deliveries.map((row) => row.user_id).sort()).toEqual(paid.map((signed) => signed.user.id).sort());
    await waitFor(() => newsletters(smtp).length >= 5, 10_000, 'five newsletters');
  });

  it('answers "Send now" with how far the run got once it outlasts the wait (202), and the run goes on to the end', async () => {
    const { app } = await start({ NEWSLETTER_PAGE_SIZE: '1', NEWSLETTER_RUN_WAIT_MS: '300' });
    for (let i = 0; i < 4; i += 1) await reader(app, `long-${i}@example.org`, 'monthly');
    const token = await admin(app);
    fakes.delayMs = 150; // four pages, two questions each: about 1.2 s
    const answer = await sendNow(app, token);
    expect(answer.statusCode).toBe(202);
    const run = answer.json().run;
    expect(run).toMatchObject({ day: today(), complete: false, in_progress: true });
    expect(run.queued).toBeLessThan(4);
    expect((await sendNow(app, token)).statusCode).toBe(409); // still going out
    await waitFor(async () => (await base.database.db.selectFrom('newsletter_runs').select('finished_at').where('day', '=', today()).executeTakeFirst())?.finished_at != null, 10_000, 'the day finished');
    expect(await base.database.db.selectFrom('newsletter_deliveries').select('user_id').execute()).toHaveLength(4);
    fakes.delayMs = 0;
    expect((await sendNow(app, token)).json().run).toMatchObject({ queued: 0, complete: true, in_progress: false });
  });

  it('stops a run at its next page when the service shuts down, and another replica finishes the day', async () => {
    const first = await start({ NEWSLETTER_PAGE_SIZE: '1', NEWSLETTER_RUN_WAIT_MS: '0' });
    for (let i = 0; i < 6; i += 1) await reader(first.app, `shutdown-${i}@example.org`, 'monthly');
    fakes.delayMs = 200;
    expect((await sendNow(first.app, await admin(first.app))).statusCode).toBe(202);
    const closing = Date.now();
    await first.app.close();
    expect(Date.now() - closing).toBeLessThan(1500); // one page at the most (0.4 s), not the whole list (2.4 s)
    const row = await base.database.db.selectFrom('newsletter_runs').selectAll().where('day', '=', today()).executeTakeFirstOrThrow();
    expect(row.finished_at).toBeNull();
    expect(row.locked_until).toBeNull(); // let go: the next replica need not wait for the lease
    const left = 6 - (await base.database.db.selectFrom('newsletter_deliveries').select('user_id').execute()).length;
    expect(left).toBeGreaterThan(0);
    fakes.delayMs = 0;
    const second = await start({ NEWSLETTER_ENABLED: 'true', NEWSLETTER_CHECK_MS: '100' });
    await waitFor(async () => (await base.database.db.selectFrom('newsletter_runs').select('finished_at').where('day', '=', today()).executeTakeFirst())?.finished_at != null, 10_000, 'the day finished');
    expect(await base.database.db.selectFrom('newsletter_deliveries').select('user_id').execute()).toHaveLength(6);
    await second.app.close();
  });

  it('stops walking when another run has taken the day over, and leaves the day unfinished', async () => {
    const { app } = await start({ NEWSLETTER_PAGE_SIZE: '1', NEWSLETTER_LEASE_MS: '1000' });
    for (let i = 0; i < 4; i += 1) await reader(app, `taken-${i}@example.org`, 'monthly');
    const token = await admin(app);
    fakes.delayMs = 300;
    const running = sendNow(app, token);
    // Another run takes the day over (as a replica does once a lease has run out): the fence moves on.
    await waitFor(() => fakes.questions.billing >= 1, 5000, 'the first page asked');
    await base.database.db.updateTable('newsletter_runs').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('day', '=', today()).execute();
    const run = (await running).json().run;
    expect(run.complete).toBe(false);
    expect(run.queued).toBeLessThan(4);
    expect(fakes.questions.billing).toBeLessThan(4);
    const row = await base.database.db.selectFrom('newsletter_runs').selectAll().where('day', '=', today()).executeTakeFirstOrThrow();
    expect(row.finished_at).toBeNull();
  });

  it('sends a link a reader is waiting for before the day’s newsletters still waiting', async () => {
    const { app } = await start();
    const waiting = await signUp(app, 'waiting@example.org');
    await waitFor(() => smtp.received.length === 1, 10_000, 'the confirmation mail');
    // 50 Monthly subscribers, written straight to the tables (signing each up would only slow the test).
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: randomUUID(), email: `bulk-${i}@example.org`, password_hash: 'not-a-hash', email_verified_at: new Date() }));
    await base.database.db.insertInto('users').values(rows).execute();
    await base.database.db.insertInto('newsletter_subscriptions').values(rows.map((row) => ({ user_id: row.id, subscribed: true, changed_by: 'account' as const }))).execute();
    for (const row of rows) fakes.plans.set(row.id, 'monthly');

    smtp.delayMs = 80; // a mail server taking 80 ms a message: 50 newsletters are 4 s
    expect((await sendNow(app, await admin(app))).json().run).toMatchObject({ queued: 50 });
    await waitFor(() => newsletters(smtp).length >= 1, 10_000, 'the first newsletter');
    const reset = await app.inject({ method: 'POST', url: AUTH_PATHS.passwordResetRequest, payload: { email: waiting.user.email } });
    expect(reset.statusCode).toBe(200);
    const isReset = (mail: ParsedMail) => mail.to && !Array.isArray(mail.to) && mail.to.text === 'waiting@example.org' && !listHeader(mail, 'list-unsubscribe');
    await waitFor(() => smtp.received.filter(isReset).length === 2, 15_000, 'the reset link');
    const before = smtp.received.slice(0, smtp.received.findLastIndex(isReset)).filter((mail) => listHeader(mail, 'list-unsubscribe')).length;
    // Taken ahead of every newsletter still waiting: after the batch the poller held (10) at the most. In the order
    // of queueing it came after all 50.
    expect(before).toBeLessThan(30);
    await waitFor(() => newsletters(smtp).length === 50, 15_000, 'every newsletter');
  });

  it('waits for the send hour, and leaves a reader to the next try when billing cannot answer', async () => {
    const later = (new Date().getUTCHours() + 1) % 24;
    if (later !== 0) {
      // Before the hour: the timer does nothing.
      const early = await start({ NEWSLETTER_ENABLED: 'true', NEWSLETTER_CHECK_MS: '100', NEWSLETTER_SEND_HOUR_UTC: String(later) });
      await reader(early.app, 'early@example.org', 'monthly');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await base.database.db.selectFrom('newsletter_runs').selectAll().execute()).toHaveLength(0);
      await early.app.close();
    }
    const { app } = await start({ BILLING_URL: 'http://127.0.0.1:9' }); // nothing listens there
    const someone = await signUp(app, 'unknown-plan@example.org');
    await base.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', someone.user.id).execute();
    await base.database.db.insertInto('newsletter_subscriptions').values({ user_id: someone.user.id, subscribed: true, changed_by: 'account' }).execute();
    const run = (await sendNow(app, await admin(app))).json().run;
    expect(run).toMatchObject({ complete: false });
    expect(await base.database.db.selectFrom('newsletter_deliveries').selectAll().where('user_id', '=', someone.user.id).execute()).toHaveLength(0);
  });

  it('puts the unsubscribe link in the message and the List-Unsubscribe headers; the link works once clicked, without signing in', async () => {
    const { app } = await start();
    const monthly = await reader(app, 'leaving@example.org', 'monthly');
    await sendNow(app, await admin(app));
    await waitFor(() => newsletters(smtp).length === 1, 10_000, 'the newsletter');
    const mail = newsletters(smtp)[0]!;
    const header = listHeader(mail, 'list-unsubscribe')!;
    const link = /^<(http:\/\/localhost:3000\/api\/identity\/newsletter\/unsubscribe\?token=[A-Za-z0-9_.-]+)>$/.exec(header)?.[1];
    expect(link).toBeDefined();
    expect(listHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Unsubscribe with one click: ${link}`);
    expect(mail.html || '').toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
    // The automatic issue: the decoder's term of the day and the reader's week, escaped.
    expect(mail.subject).toBe('Term of the day: inner city');
    expect(mail.text).toContain('Often stands in for Black neighbourhoods.');
    expect(mail.text).toContain('You decoded 2 articles in the seven days before');
    expect(mail.html || '').toContain('Crime &lt;wave&gt; story');
    expect(fakes.digestCalls).toEqual([monthly.user.id]);

    const url = new URL(link!);
    const path = `${url.pathname}${url.search}`;
    const page = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Its own policy: no script, the one form posts to this service, the token never leaves in a Referer.
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    const subscribed = async () => (await app.inject({ method: 'GET', url: NEWSLETTER_PATHS.subscription, headers: bearer(monthly.token) })).json().subscription.subscribed;
    expect(await subscribed()).toBe(true); // opening the link changes nothing

    // A mail client's one-click button (RFC 8058): a form POST to the same URL, no cookie, no token.
    const oneClick = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toMatchObject({ success: true });
    expect(await subscribed()).toBe(false);
    const clicked = await app.inject({ method: 'POST', url: path, headers: { accept: 'text/html' } });
    expect(clicked.body).toContain('You are unsubscribed from the Keisha daily newsletter.');

    const [id, signature] = url.searchParams.get('token')!.split('.');
    const forged = `${id}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await app.inject({ method: 'POST', url: `${NEWSLETTER_PATHS.unsubscribe}?token=${forged}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('INVALID_LINK');
    expect((await app.inject({ method: 'GET', url: `${NEWSLETTER_PATHS.unsubscribe}?token=${forged}` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `${NEWSLETTER_PATHS.unsubscribe}?token=%3Cscript%3E` })).json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    expect((await app.inject({ method: 'POST', url: NEWSLETTER_PATHS.unsubscribe })).statusCode).toBe(400);

    expect((await base.database.db.selectFrom('newsletter_subscriptions').select('changed_by').where('user_id', '=', monthly.user.id).executeTakeFirstOrThrow()).changed_by).toBe('link');
  });

  it('lets administrators write and schedule issues, sends the day’s issue instead of the automatic one, and shows what went out', async () => {
    const { app } = await start();
    await reader(app, 'a@example.org', 'monthly');
    await reader(app, 'b@example.org', 'annual');
    const someone = await reader(app, 'c@example.org', 'free');
    const token = await admin(app);
    const post = (who: string, payload: unknown) => app.inject({ method: 'POST', url: ADMIN_NEWSLETTER_PATHS.issues, headers: bearer(who), payload: payload as object });

    expect((await post(someone.token, { day: today(), subject: 'x', body: 'y' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: ADMIN_NEWSLETTER_PATHS.overview, headers: bearer(someone.token) })).statusCode).toBe(403);
    expect((await sendNow(app, someone.token)).statusCode).toBe(403);
    for (const bad of [
      { day: '2026-02-30', subject: 'x', body: 'y' },
      { day: '2020-01-01', subject: 'x', body: 'y' },
      { day: today(), subject: '  ', body: 'y' },
      { day: today(), subject: 'x', body: '   ' },
      { day: today(), subject: 'x', body: 'y', format: 'html' },
      { day: today(), subject: 'x'.repeat(201), body: 'y' },
      { day: today(), subject: 'x', body: 'y'.repeat(20_001) },
    ]) {
      const answer = await post(token, bad);
      expect(answer.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }

    const created = await post(token, { day: today(), subject: 'Our week in coded words', body: '# Hello\n\nThree **new** terms <b>this</b> week.\n\n- one\n- two', format: 'markdown' });
    expect(created.statusCode).toBe(201);
    const issue = created.json().issue;
    expect(issue).toMatchObject({ day: today(), format: 'markdown', recipients: 0 });
    expect((await post(token, { day: today(), subject: 'Again', body: 'y' })).json().error.code).toBe('ISSUE_DAY_TAKEN');
    const future = (await post(token, { day: utcDay(new Date(Date.now() + 3 * 86_400_000)), subject: 'Later', body: 'Plain text\nissue', format: 'text' })).json().issue;
    const edited = await app.inject({ method: 'PUT', url: ADMIN_NEWSLETTER_PATHS.issue(future.id), headers: bearer(token), payload: { day: future.day, subject: 'Later, edited', body: 'Plain', format: 'text' } });
    expect(edited.json().issue.subject).toBe('Later, edited');

    expect((await sendNow(app, token)).json().run).toMatchObject({ queued: 2, skipped: 1, complete: true });
    await waitFor(() => newsletters(smtp).length === 2, 10_000, 'two issues');
    for (const mail of newsletters(smtp)) {
      expect(mail.subject).toBe('Our week in coded words');
      expect(mail.html || '').toContain('Three <strong>new</strong> terms &lt;b&gt;this&lt;/b&gt; week.');
      expect(mail.html || '').toMatch(/<li>one<\/li><li>two<\/li>/);
      expect(mail.text).toContain('Three **new** terms <b>this</b> week.');
    }
    expect(fakes.digestCalls).toEqual([]); // the issue replaced the automatic one

    await waitFor(async () => (await newsletterRows()).every((row) => row.status === 'sent'), 5000, 'marked sent');
    const overview = (await app.inject({ method: 'GET', url: ADMIN_NEWSLETTER_PATHS.overview, headers: bearer(token) })).json();
    expect(overview.subscribers).toBe(3);
    expect(overview.issues.find((row: { id: string }) => row.id === issue.id)).toMatchObject({ recipients: 2, sent: 2, pending: 0, failed: 0 });
    expect(overview.days).toEqual([{ day: today(), kind: 'issue', subject: 'Our week in coded words', recipients: 2, sent: 2, pending: 0, failed: 0 }]);

    const locked = await app.inject({ method: 'PUT', url: ADMIN_NEWSLETTER_PATHS.issue(issue.id), headers: bearer(token), payload: { day: today(), subject: 'Too late', body: 'x' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('ISSUE_ALREADY_SENT');
    expect((await app.inject({ method: 'DELETE', url: ADMIN_NEWSLETTER_PATHS.issue(issue.id), headers: bearer(token) })).statusCode).toBe(409);
    expect((await app.inject({ method: 'DELETE', url: ADMIN_NEWSLETTER_PATHS.issue(future.id), headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: ADMIN_NEWSLETTER_PATHS.issue(future.id), headers: bearer(token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: ADMIN_NEWSLETTER_PATHS.issue('not-an-id'), headers: bearer(token) })).statusCode).toBe(400);
  });
});
