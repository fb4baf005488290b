// Support requests over real HTTP (identity listening on loopback) on both databases: priority for the
// decoder's Monthly and Annual plans as billing says, none for free, priority with no plan when billing is
// down; the receipt and the support inbox's notice through a real SMTP server; validation, the per-account
// limit, one's own requests only, and the administrators' queue. Billing is a small HTTP server on loopback
// answering its internal entitlements route in the contracts' shape, as in newsletter.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SUPPORT_PATHS, SUPPORT_PATHS, SUPPORT_REPLY_MAX, SUPPORT_REPLY_TIME, SUPPORT_SUBJECT_MAX, SUPPORT_TEXT } from '@keisha/contracts/identity';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets } from '@keisha/service-kit/testing';
import { ADMIN, signIn, signUp, identityAppsForSuite, type TestContext } from './helpers.ts';
import { startSmtp, waitFor, type TestSmtp } from './smtp.ts';

const targets = await databaseTargets();
const INTERNAL = 'support-test-internal-token-0123456789abcdef';
const INBOX = 'help-desk@example.org';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** billing's internal entitlements route; `down` makes it answer 503 as a billing that cannot reach its database. */
async function startBilling() {
  const plans = new Map<string, string>();
  const state = { down: false };
  const server = createServer((request, response) => {
    const match = /^\/internal\/billing\/entitlements\/([0-9a-f-]{36})$/.exec(request.url ?? '');
    if (!match || request.headers[INTERNAL_TOKEN_HEADER] !== INTERNAL) return response.writeHead(401).end();
    if (state.down) return response.writeHead(503).end();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: true, entitlement: { decoder_tier: plans.get(match[1]!) ?? 'free', chat_tier: 'free', expires_at: null } }));
  });
  const url = await listen(server);
  return {
    plans,
    state,
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(targets)('support requests on $kind', (target) => {
  const base = identityAppsForSuite(target);
  let billing: Awaited<ReturnType<typeof startBilling>>;
  let smtp: TestSmtp;
  let origin = '';

  /** Identity listening on loopback: the tests talk to it over HTTP. */
  const start = async (env: Record<string, string> = {}): Promise<TestContext> => {
    const ctx = await base.start({ INTERNAL_API_TOKEN: INTERNAL, SMTP_URL: smtp.url, MAIL_POLL_MS: '20', BILLING_URL: billing.url, SUPPORT_EMAIL: INBOX, PUBLIC_URL: 'https://keisha.example', ...env });
    origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    return ctx;
  };
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
  };
  const reader = async (app: TestContext['app'], email: string, plan: string) => {
    const signed = await signUp(app, email);
    billing.plans.set(signed.user.id, plan);
    return signed;
  };
  const admin = async (app: TestContext['app']) => (await signIn(app, ADMIN.email, ADMIN.password, '/api/auth/admin/login')).token;
  /** The messages about support requests (new accounts also get their confirmation link). */
  const supportMails = () => smtp.received.filter((mail) => mail.subject?.startsWith('We received your request') || (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === INBOX);
  const send = (token: string, subject: string, message = 'Please help me with this.') => call('POST', SUPPORT_PATHS.requests, token, { subject, message });

  beforeAll(async () => {
    billing = await startBilling();
  });
  beforeEach(async () => {
    billing.plans.clear();
    billing.state.down = false;
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });
  afterAll(async () => {
    await billing.close();
  });

  it('gives priority to Monthly and Annual readers, none to free ones, and mails a receipt and the support inbox', async () => {
    const { app } = await start();
    const annual = await reader(app, 'annual@example.org', 'annual');
    const monthly = await reader(app, 'monthly@example.org', 'monthly');
    const free = await reader(app, 'free@example.org', 'free');

    const a = await send(annual.token, '  Export is slow  ', 'My export\ntakes a minute.');
    expect(a.status).toBe(201);
    expect(a.json).toEqual({
      success: true,
      request: { id: expect.any(String), subject: 'Export is slow', message: 'My export\ntakes a minute.', priority: true, plan: 'Decoder Annual', status: 'open', created_at: expect.any(String), answered_at: null, reply: null },
    });
    expect((await send(monthly.token, 'Monthly question')).json.request).toMatchObject({ priority: true, plan: 'Decoder Monthly' });
    expect((await send(free.token, 'Free question')).json.request).toMatchObject({ priority: false, plan: null });

    await waitFor(() => supportMails().length === 6, 5000, 'six messages');
    const to = (mail: (typeof smtp.received)[number]) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
    const receipt = supportMails().find((mail) => to(mail) === 'annual@example.org')!;
    expect(receipt.subject).toBe('We received your request: Export is slow');
    expect(receipt.text).toContain(SUPPORT_TEXT.received(SUPPORT_REPLY_TIME.priority));
    expect(receipt.text).toContain('https://keisha.example/account#support');
    const freeReceipt = supportMails().find((mail) => to(mail) === 'free@example.org')!;
    expect(freeReceipt.text).toContain(SUPPORT_REPLY_TIME.standard);

    const notices = supportMails().filter((mail) => to(mail) === INBOX);
    expect(notices.map((mail) => mail.subject).sort()).toEqual(['Free question', '[Priority] Export is slow', '[Priority] Monthly question']);
    const annualNotice = notices.find((mail) => mail.subject === '[Priority] Export is slow')!;
    expect(annualNotice.replyTo?.value[0]?.address).toBe('annual@example.org');
    expect(annualNotice.text).toContain('Plan: Decoder Annual');
    expect(annualNotice.text).toContain('My export\ntakes a minute.');
    expect(annualNotice.html).toContain('My export\ntakes a minute.');
  });

  it('keeps a request priority with no plan named when billing cannot say, and never treats the reader as free', async () => {
    const { app } = await start();
    const someone = await reader(app, 'someone@example.org', 'free');
    billing.state.down = true;
    const sent = await send(someone.token, 'Billing down');
    expect(sent.status).toBe(201);
    expect(sent.json.request).toMatchObject({ priority: true, plan: null });
    await waitFor(() => supportMails().length === 2, 5000, 'two messages');
    const notice = supportMails().find((mail) => mail.subject?.startsWith('[Priority]'))!;
    expect(notice.text).toContain('Plan: unknown (billing could not say)');
    const rows = await base.database.db.selectFrom('mail_outbox').select(['kind', 'recipient']).where('kind', 'like', 'support-%').orderBy('kind').execute();
    expect(rows).toEqual([
      { kind: 'support-notice', recipient: INBOX },
      { kind: 'support-receipt', recipient: 'someone@example.org' },
    ]);
  });

  it('refuses blank, missing, oversized and extra fields with 400 and clear messages, and strangers with 401', async () => {
    const { app } = await start();
    const someone = await reader(app, 'someone@example.org', 'free');
    const cases: Array<[unknown, string]> = [
      [{ subject: '   ', message: 'hi' }, SUPPORT_TEXT.blankSubject],
      [{ subject: '\u200b\u2800', message: 'hi' }, SUPPORT_TEXT.blankSubject],
      [{ subject: 'Hi', message: ' \n\t' }, SUPPORT_TEXT.blankMessage],
      [{ message: 'hi' }, SUPPORT_TEXT.blankSubject],
      [{ subject: 'x'.repeat(SUPPORT_SUBJECT_MAX + 1), message: 'hi' }, SUPPORT_TEXT.subjectTooLong],
      [{ subject: 'Hi', message: 'x'.repeat(5001) }, SUPPORT_TEXT.messageTooLong],
      [{ subject: 42, message: 'hi' }, SUPPORT_TEXT.blankSubject],
    ];
    for (const [body, message] of cases) {
      const refused = await call('POST', SUPPORT_PATHS.requests, someone.token, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.json).toMatchObject({ success: false, error: { code: expect.any(String) } });
      expect(refused.json.error.message).toContain(message);
    }
    expect((await call('POST', SUPPORT_PATHS.requests, someone.token, { subject: 'Hi', message: 'hi', priority: true })).status).toBe(400);
    expect((await call('POST', SUPPORT_PATHS.requests, someone.token, '{"subject":')).status).toBe(400);
    expect((await call('GET', `${SUPPORT_PATHS.requests}?page=0`, someone.token)).status).toBe(400);
    expect((await call('POST', SUPPORT_PATHS.requests, undefined, { subject: 'Hi', message: 'hi' })).status).toBe(401);
    expect((await call('GET', SUPPORT_PATHS.requests)).status).toBe(401);
    expect(await base.database.db.selectFrom('support_requests').selectAll().execute()).toEqual([]);
  });

  it('takes five requests an account an hour, then 429 with Retry-After; another account is not held back', async () => {
    const { app } = await start();
    const busy = await reader(app, 'busy@example.org', 'annual');
    const other = await reader(app, 'other@example.org', 'free');
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => send(busy.token, `Request ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json.error.message).toBe(SUPPORT_TEXT.tooMany);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await send(other.token, 'Mine')).status).toBe(201);
  });

  it('lists only the reader’s own requests, newest first, paged', async () => {
    const { app } = await start();
    const one = await reader(app, 'one@example.org', 'monthly');
    const two = await reader(app, 'two@example.org', 'free');
    for (const subject of ['First', 'Second', 'Third']) expect((await send(one.token, subject)).status).toBe(201);
    expect((await send(two.token, 'Not yours')).status).toBe(201);
    const mine = await call('GET', SUPPORT_PATHS.requests, one.token);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ success: true, total: 3, page: 1, page_size: 20, level: { priority: true, plan: 'Decoder Monthly' } });
    expect(mine.json.requests.map((r: { subject: string }) => r.subject)).toEqual(['Third', 'Second', 'First']);
    expect(JSON.stringify(mine.json)).not.toContain('user_id');
    const paged = await call('GET', `${SUPPORT_PATHS.requests}?page=2&page_size=2`, one.token);
    expect(paged.json.requests.map((r: { subject: string }) => r.subject)).toEqual(['First']);
    const theirs = (await call('GET', SUPPORT_PATHS.requests, two.token)).json;
    expect(theirs.requests.map((r: { subject: string }) => r.subject)).toEqual(['Not yours']);
    expect(theirs.level).toEqual({ priority: false, plan: null });
    billing.state.down = true; // a reader billing cannot place is shown priority, as a request would be kept
    const unknown = await reader(app, 'three@example.org', 'free');
    expect((await call('GET', SUPPORT_PATHS.requests, unknown.token)).json.level).toEqual({ priority: true, plan: null });
  });

  it('shows administrators the open ones priority first then oldest first, and marks one answered once', async () => {
    const { app } = await start();
    const free = await reader(app, 'free@example.org', 'free');
    const annual = await reader(app, 'annual@example.org', 'annual');
    const oldFree = (await send(free.token, 'Old free')).json.request;
    const paid = (await send(annual.token, 'Paid')).json.request;
    const newFree = (await send(free.token, 'New free')).json.request;
    const token = await admin(app);

    const open = await call('GET', ADMIN_SUPPORT_PATHS.requests, token);
    expect(open.status).toBe(200);
    expect(open.json.requests.map((r: { id: string }) => r.id)).toEqual([paid.id, oldFree.id, newFree.id]);
    expect(open.json.requests[0]).toMatchObject({ email: 'annual@example.org', user_id: annual.user.id, priority: true, plan: 'Decoder Annual' });

    const answered = await call('POST', ADMIN_SUPPORT_PATHS.answered(paid.id), token);
    expect(answered.status).toBe(200);
    expect(answered.json.request).toMatchObject({ id: paid.id, status: 'answered', answered_at: expect.any(String) });
    const again = await call('POST', ADMIN_SUPPORT_PATHS.answered(paid.id), token);
    expect(again.status).toBe(200);
    expect(again.json.request.answered_at).toBe(answered.json.request.answered_at);
    const row = await base.database.db.selectFrom('support_requests').select('answered_by').where('id', '=', paid.id).executeTakeFirstOrThrow();
    expect(row.answered_by).not.toBeNull();

    expect((await call('GET', ADMIN_SUPPORT_PATHS.requests, token)).json.requests.map((r: { id: string }) => r.id)).toEqual([oldFree.id, newFree.id]);
    expect((await call('GET', `${ADMIN_SUPPORT_PATHS.requests}?status=answered`, token)).json).toMatchObject({ total: 1, requests: [{ id: paid.id }] });
    expect((await call('GET', SUPPORT_PATHS.requests, annual.token)).json.requests[0]).toMatchObject({ id: paid.id, status: 'answered' });

    expect((await call('POST', ADMIN_SUPPORT_PATHS.answered('00000000-0000-4000-8000-000000000000'), token)).status).toBe(404);
    expect((await call('POST', ADMIN_SUPPORT_PATHS.answered('not-an-id'), token)).status).toBe(400);
    expect((await call('GET', `${ADMIN_SUPPORT_PATHS.requests}?status=closed`, token)).status).toBe(400);
    expect((await call('GET', ADMIN_SUPPORT_PATHS.requests, annual.token)).status).toBe(403);
    expect((await call('POST', ADMIN_SUPPORT_PATHS.answered(oldFree.id), free.token)).status).toBe(403);
    expect((await call('GET', ADMIN_SUPPORT_PATHS.requests)).status).toBe(401);
  });

  it('sends an answer written in the console to the reader once, keeps it with the request and shows it on their page', async () => {
    const { app } = await start();
    const annual = await reader(app, 'asks@example.org', 'annual');
    const asked = (await send(annual.token, 'Export is slow', 'My export\ntakes a minute.')).json.request;
    const token = await admin(app);
    // Two administrators answer at once, with different words: whichever the database takes first is kept and
    // mailed (either may win), and the other is refused and sends nothing.
    const answers = ['Thank you for writing.\nExports of long histories take up to a minute; yours is fine.', 'Another administrator’s answer.\nIt is fine.'];
    const [first, second] = await Promise.all(answers.map((words) => call('POST', ADMIN_SUPPORT_PATHS.reply(asked.id), token, { reply: `  ${words}  ` })));
    expect([first!.status, second!.status].sort(), JSON.stringify([first!.json, second!.json])).toEqual([200, 409]);
    const winner = first!.status === 200 ? 0 : 1;
    const [won, lost] = winner === 0 ? [first!, second!] : [second!, first!];
    const answer = answers[winner]!;
    const refused = answers[1 - winner]!;
    expect(won.json.request).toMatchObject({ id: asked.id, status: 'answered', answered_at: expect.any(String), reply: answer, email: 'asks@example.org' });
    expect(lost.json.error).toEqual({ code: 'ALREADY_ANSWERED', message: SUPPORT_TEXT.alreadyAnswered });

    const replies = () => smtp.received.filter((mail) => mail.subject === 'Re: Export is slow');
    await waitFor(() => replies().length === 1, 5000, 'the reply');
    const mail = replies()[0]!;
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address).toBe('asks@example.org');
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain('My export\ntakes a minute.');
    expect(mail.text).toContain('https://keisha.example/account#support');
    expect(mail.text).not.toContain(refused.split('\n')[0]);
    expect(mail.html).toContain(answer.split('\n')[1]!); // the second line of either answer is plain ASCII

    // The reader sees the answer under the request; marking it answered again changes nothing.
    expect((await call('GET', SUPPORT_PATHS.requests, annual.token)).json.requests[0]).toMatchObject({ id: asked.id, status: 'answered', reply: answer });
    expect((await call('POST', ADMIN_SUPPORT_PATHS.answered(asked.id), token)).json.request).toMatchObject({ reply: answer, answered_at: won.json.request.answered_at });
    expect((await call('GET', `${ADMIN_SUPPORT_PATHS.requests}?status=answered`, token)).json.requests[0]).toMatchObject({ id: asked.id, reply: answer });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(replies()).toHaveLength(1);
  });

  it('mails the answer to the address the reader has now, and refuses a request marked answered after an e-mail', async () => {
    const { app } = await start();
    const moved = await reader(app, 'before@example.org', 'free');
    const asked = (await send(moved.token, 'Moving house')).json.request;
    await base.database.db.updateTable('users').set({ email: 'after@example.org' }).where('id', '=', moved.user.id).execute();
    const token = await admin(app);
    expect((await call('POST', ADMIN_SUPPORT_PATHS.reply(asked.id), token, { reply: 'Noted.' })).status).toBe(200);
    await waitFor(() => smtp.received.some((mail) => mail.subject === 'Re: Moving house'), 5000, 'the reply');
    const mail = smtp.received.find((m) => m.subject === 'Re: Moving house')!;
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address).toBe('after@example.org');

    const byMail = (await send(moved.token, 'Answered by e-mail')).json.request;
    expect((await call('POST', ADMIN_SUPPORT_PATHS.answered(byMail.id), token)).status).toBe(200);
    const late = await call('POST', ADMIN_SUPPORT_PATHS.reply(byMail.id), token, { reply: 'Too late.' });
    expect(late.status).toBe(409);
    expect((await call('GET', SUPPORT_PATHS.requests, moved.token)).json.requests[0]).toMatchObject({ id: byMail.id, status: 'answered', reply: null });
  });

  it('refuses a blank, oversized or malformed reply, an unknown request, readers and guests, and stores nothing', async () => {
    const { app } = await start();
    const free = await reader(app, 'plain@example.org', 'free');
    const asked = (await send(free.token, 'Question')).json.request;
    const token = await admin(app);
    const refused = async (body: unknown, status: number, message?: string) => {
      const answer = await call('POST', ADMIN_SUPPORT_PATHS.reply(asked.id), token, body);
      expect(answer.status, JSON.stringify(answer.json)).toBe(status);
      if (message) expect(answer.json.error).toMatchObject({ code: 'VALIDATION', message, details: { field: 'reply' } });
    };
    await refused({ reply: ' \u200b\n ' }, 400, SUPPORT_TEXT.blankReply);
    await refused({ reply: 'x'.repeat(SUPPORT_REPLY_MAX + 1) }, 400, SUPPORT_TEXT.replyTooLong);
    await refused({ reply: 42 }, 400);
    await refused({}, 400);
    await refused({ reply: 'Hi', status: 'open' }, 400);
    await refused('{"reply":', 400);
    expect((await call('POST', ADMIN_SUPPORT_PATHS.reply('00000000-0000-4000-8000-000000000000'), token, { reply: 'Hi' })).status).toBe(404);
    expect((await call('POST', ADMIN_SUPPORT_PATHS.reply('not-an-id'), token, { reply: 'Hi' })).status).toBe(400);
    expect((await call('POST', ADMIN_SUPPORT_PATHS.reply(asked.id), free.token, { reply: 'Hi' })).status).toBe(403);
    expect((await call('POST', ADMIN_SUPPORT_PATHS.reply(asked.id), undefined, { reply: 'Hi' })).status).toBe(401);
    const row = await base.database.db.selectFrom('support_requests').select(['status', 'reply']).where('id', '=', asked.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', reply: null });
    // A reply at the limit is taken.
    expect((await call('POST', ADMIN_SUPPORT_PATHS.reply(asked.id), token, { reply: 'y'.repeat(SUPPORT_REPLY_MAX) })).status).toBe(200);
  });
});
