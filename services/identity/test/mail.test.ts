import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, OUTBOX_ERRORS, OUTBOX_TEXT } from '@keisha/contracts/identity';
import { databaseTargets, planOf, recordingQueries } from '@keisha/service-kit/testing';
import { outboxRepository } from '../src/mail/outbox.ts';
import { verifyEmailMail } from '../src/mail/templates.ts';
import { ADMIN, bearer, signIn, signUp, identityAppsForSuite } from './helpers.ts';
import { startSmtp, waitFor, type TestSmtp } from './smtp.ts';

const targets = await databaseTargets();
const fast = { MAIL_POLL_MS: '20', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '1000' };
const PASSWORD = 'violet-harbour-lantern-42';
const linkPattern = /http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]+)/;

describe.each(targets)('mail on $kind', (target) => {
  // Every app of a test on the one database, as replicas or a restarted service would be.
  const base = identityAppsForSuite(target);
  const start = base.start;
  const servers: TestSmtp[] = [];
  const smtp = async (options?: Parameters<typeof startSmtp>[0]) => {
    const server = await startSmtp(options);
    servers.push(server);
    return server;
  };
  const outboxRows = () => base.database.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('queues one verification message at sign-up and delivers it over SMTP, in both parts, with the link', async () => {
    const server = await smtp();
    const { app } = await start({ ...fast, SMTP_URL: server.url });
    await signUp(app, 'reader@example.org', PASSWORD);
    await waitFor(() => server.received.length === 1, 5000, 'the message');
    await waitFor(async () => (await outboxRows())[0]?.status === 'sent', 2000, 'marked sent');
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'verify-email', recipient: 'reader@example.org', status: 'sent', attempts: 1 });
    const mail = server.received[0]!;
    expect(mail.subject).toBe('Confirm your e-mail address for Keisha');
    expect(mail.from?.text).toContain('no-reply@keisha.local');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('reader@example.org');
    expect(mail.text).toMatch(linkPattern);
    expect(mail.html || '').toMatch(linkPattern);
    expect(mail.html || '').toContain('<strong>reader@example.org</strong>');
    // Nothing is sent again on later polls.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.received).toHaveLength(1);
  });

  it('escapes every value in the HTML part', async () => {
    const mail = await verifyEmailMail({ link: 'https://example.org/verify-email?token=a&b="c"', email: '<b>x</b>@example.org', validHours: 48 });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;@example.org');
    expect(mail.html).toContain('href="https://example.org/verify-email?token=a&amp;b=&quot;c&quot;"');
    expect(mail.text).toContain('https://example.org/verify-email?token=a&b="c"');
  });

  it('verifies the account once with the link’s token, refuses it a second time and refuses an expired one', async () => {
    const server = await smtp();
    const { app } = await start({ ...fast, SMTP_URL: server.url });
    const reader = await signUp(app, 'verify@example.org', PASSWORD);
    expect(reader.user).toMatchObject({ email_verified: false });
    await waitFor(() => server.received.length === 1, 5000, 'the message');
    const token = linkPattern.exec(server.received[0]!.text || '')![1]!;

    const me = async () => (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(reader.token) })).json().user;
    expect(await me()).toMatchObject({ email_verified: false });
    const first = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(await me()).toMatchObject({ email_verified: true });
    const again = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already been used/);
    const unknown = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: 'not-a-token' } });
    expect(unknown.statusCode).toBe(400);

    await signUp(app, 'late@example.org', PASSWORD);
    await waitFor(() => server.received.length === 2, 5000, 'the second message');
    const lateToken = linkPattern.exec(server.received[1]!.text || '')![1]!;
    await base.database.db.updateTable('email_verifications').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'late@example.org').execute();
    const expired = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: lateToken } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toMatch(/expired/);
    const late = await signIn(app, 'late@example.org', PASSWORD);
    expect(late.user).toMatchObject({ email_verified: false });
  });

  it('resends a link to a signed-in reader at most once a minute and a few times a day', async () => {
    const server = await smtp();
    const { app } = await start({ ...fast, SMTP_URL: server.url });
    const reader = await signUp(app, 'resend@example.org', PASSWORD);
    const resend = () => app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: bearer(reader.token) });
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.message).toMatch(/wait a minute/);
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(401);

    const relaxed = await start({ ...fast, SMTP_URL: server.url, VERIFY_EMAIL_RESEND_INTERVAL_SECONDS: '0', VERIFY_EMAIL_RESEND_PER_DAY: '2' });
    const resendRelaxed = () => relaxed.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: bearer(reader.token) });
    expect((await resendRelaxed()).statusCode).toBe(200);
    const tooMany = await resendRelaxed();
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.message).toMatch(/tomorrow/);
    await waitFor(() => server.received.length === 2, 5000, 'both messages');
    // The newest link works; the account is then verified and a resend is refused.
    const token = linkPattern.exec(server.received.find((m) => m.text !== server.received[0]!.text)?.text || server.received[1]!.text || '')![1]!;
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);
    expect((await resendRelaxed()).statusCode).toBe(409);
  });

  it('retries a refused delivery with growing waits, then marks it failed after the last attempt', async () => {
    const server = await smtp({ refuse: true });
    const { app } = await start({ ...fast, SMTP_URL: server.url, MAIL_MAX_ATTEMPTS: '4' });
    await signUp(app, 'refused@example.org', PASSWORD);
    await waitFor(async () => (await outboxRows())[0]?.status === 'failed', 8000, 'the message to fail');
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'failed', attempts: 4, sent_at: null });
    expect(row!.last_error).toMatch(/Mailbox unavailable/);
    expect(server.attempts).toHaveLength(4);
    const waits = server.attempts.slice(1).map((at, i) => at - server.attempts[i]!);
    // 100, 200, 400 ms (the poll adds up to 20 ms; timers may fire a little early).
    expect(waits[0]).toBeGreaterThanOrEqual(90);
    expect(waits[1]).toBeGreaterThanOrEqual(190);
    expect(waits[2]).toBeGreaterThanOrEqual(390);
    expect(waits[2]!).toBeGreaterThan(waits[0]!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.attempts).toHaveLength(4);
  });

  it('delivers after a restart what could not be sent before it (SMTP server down)', async () => {
    const down = await smtp();
    const port = down.port;
    await down.close();
    servers.splice(servers.indexOf(down), 1);
    const first = await start({ ...fast, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '300' });
    await signUp(first.app, 'restart@example.org', PASSWORD);
    await waitFor(async () => ((await outboxRows())[0]?.attempts ?? 0) >= 1 && (await outboxRows())[0]?.locked_until === null, 5000, 'a failed attempt');
    expect((await outboxRows())[0]).toMatchObject({ status: 'pending' });
    expect((await outboxRows())[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    await base.stop(first);

    const server = await smtp({ port });
    await start({ ...fast, SMTP_URL: server.url });
    await waitFor(() => server.received.length === 1, 5000, 'the message after the restart');
    expect(server.received[0]!.subject).toBe('Confirm your e-mail address for Keisha');
    await waitFor(async () => (await outboxRows())[0]?.status === 'sent', 2000, 'sent');
  });

  it('claims one batch at a time, the messages a reader waits for before bulk mail', async () => {
    const outbox = outboxRepository(base.database.db);
    for (let i = 0; i < 30; i++) {
      await outbox.enqueue({ key: `bulk:${i}`, kind: 'newsletter', to: `b${i}@example.org`, subject: `Issue ${i}`, text: 'news', html: '<p>news</p>', bulk: true });
    }
    await outbox.enqueue({ key: 'link:1', kind: 'password-reset', to: 'waiting@example.org', subject: 'Reset', text: 'link', html: '<p>link</p>' });
    // As `where id in (select … limit 10 for update skip locked)` the old claim took 47 of 50 on PostgreSQL, and 50 on
    // PGlite: a replica then held them all under one lease, and another replica sent again what outlived it.
    const first = await outbox.claim(10, 60_000);
    expect(first).toHaveLength(10);
    expect(first[0]!.kind).toBe('password-reset');
    expect(first.slice(1).every((row) => row.bulk)).toBe(true);
    expect(await outbox.claim(10, 60_000)).toHaveLength(10);
    expect(await outbox.claim(50, 60_000)).toHaveLength(11);
    expect(await outbox.claim(10, 60_000)).toHaveLength(0);
  });

  it('sends a batch that outlives no lease once, with two pollers and a slow mail server', async () => {
    const server = await smtp();
    server.delayMs = 40; // 40 messages are 1.6 s; a batch of 10 is 0.4 s, within the 1 s lease
    const slow = { ...fast, SMTP_URL: server.url, MAIL_LEASE_MS: '1000' };
    const one = await start(slow);
    const outbox = outboxRepository(base.database.db);
    const count = 40;
    for (let i = 0; i < count; i++) {
      await outbox.enqueue({ key: `slow:${i}`, kind: 'newsletter', to: `s${i}@example.org`, subject: `Issue ${i}`, text: 'news', html: '<p>news</p>', bulk: true });
    }
    await start(slow); // a second replica
    one.app.log.info('both pollers running');
    await waitFor(async () => (await outboxRows()).every((row) => row.status === 'sent'), 20_000, 'every message sent');
    await new Promise((resolve) => setTimeout(resolve, 1500)); // past a lease: nothing is claimed again
    expect(server.received).toHaveLength(count);
    expect(new Set(server.received.map((mail) => mail.subject)).size).toBe(count);
  });

  it('sends each message once with two pollers on one database', async () => {
    const server = await smtp();
    const one = await start({ ...fast, SMTP_URL: server.url });
    const two = await start({ ...fast, SMTP_URL: server.url });
    const outbox = outboxRepository(base.database.db);
    const count = 30;
    for (let i = 0; i < count; i++) {
      await outbox.enqueue({ key: `test:${i}`, kind: 'test', to: `r${i}@example.org`, subject: `Message ${i}`, text: 'hello', html: '<p>hello</p>' });
    }
    // Queueing a key again keeps the first.
    expect(await outbox.enqueue({ key: 'test:0', kind: 'test', to: 'r0@example.org', subject: 'again', text: '', html: '' })).toBe(false);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => signUp(i % 2 ? one.app : two.app, `pair${i}@example.org`, PASSWORD)),
    ]);
    await waitFor(() => server.received.length >= count + 5, 10_000, 'every message');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.received).toHaveLength(count + 5);
    const ids = server.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(count + 5);
    const rows = await outboxRows();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('keeps the message as an .eml file in the mail folder beside DATA_DIR without SMTP_URL, within 2 s', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'keisha-mail-'));
    try {
      const { app } = await start({ ...fast, MAIL_POLL_MS: '1000', DATA_DIR: path.join(root, 'identity') });
      const mailDir = path.join(root, 'mail');
      const started = performance.now();
      await signUp(app, 'file@example.org', PASSWORD);
      const files = async () => (await readdir(mailDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
      await waitFor(async () => (await files()).length === 1, 2000, 'the .eml file');
      const elapsed = performance.now() - started;
      console.log(`[mail] ${target.kind}: sign-up to .eml file in ${elapsed.toFixed(0)} ms`);
      const parsed = await simpleParser(await readFile(path.join(mailDir, (await files())[0]!)));
      expect(parsed.subject).toBe('Confirm your e-mail address for Keisha');
      expect(parsed.text).toMatch(linkPattern);
      expect(parsed.html || '').toMatch(linkPattern);
      expect((await outboxRows())[0]).toMatchObject({ status: 'sent' });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('lists the outbox to administrators only, newest first, with each status', async () => {
    const { app } = await start({ MAIL_POLL_MS: '3600000' });
    const outbox = outboxRepository(base.database.db);
    const db = base.database.db;
    for (const [i, status] of (['sent', 'failed', 'pending'] as const).entries()) {
      await outbox.enqueue({ key: `list:${i}`, kind: 'test', to: `${status}@example.org`, subject: `A ${status} message`, text: 'x', html: 'x' });
      await db
        .updateTable('mail_outbox')
        .set({ status, attempts: status === 'pending' ? 0 : 3, last_error: status === 'failed' ? 'refused' : null, sent_at: status === 'sent' ? new Date() : null, next_attempt_at: new Date(Date.now() + 3_600_000), created_at: new Date(Date.now() - (3 - i) * 1000) })
        .where('dedupe_key', '=', `list:${i}`)
        .execute();
    }
    const url = '/api/identity/admin/outbox';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const reader = await signUp(app, 'not-admin@example.org', PASSWORD);
    expect((await app.inject({ method: 'GET', url, headers: bearer(reader.token) })).statusCode).toBe(403);
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const all = await app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(4); // three above and the reader's verification message
    expect(body.messages[0]).toMatchObject({ to: 'not-admin@example.org', kind: 'verify-email', subject: 'Confirm your e-mail address for Keisha' });
    expect(body.messages.slice(1).map((m: { status: string }) => m.status)).toEqual(['pending', 'failed', 'sent']);
    expect(body.messages.find((m: { status: string }) => m.status === 'failed')).toMatchObject({ attempts: 3, last_error: 'refused', sent_at: null });
    expect(body.messages.find((m: { status: string }) => m.status === 'sent').sent_at).toEqual(expect.any(String));
    const page = await app.inject({ method: 'GET', url: `${url}?status=failed&page=1&page_size=1`, headers: bearer(admin.token) });
    expect(page.json()).toMatchObject({ total: 1, page: 1, page_size: 1, messages: [{ to: 'failed@example.org' }] });
    expect((await app.inject({ method: 'GET', url: `${url}?status=lost`, headers: bearer(admin.token) })).statusCode).toBe(400);
  });

  it('counts each status only up to its cap, and says so', async () => {
    const { app } = await start({ MAIL_POLL_MS: '3600000' });
    const db = base.database.db;
    const outbox = outboxRepository(db);
    for (let i = 0; i < 5; i++) await outbox.enqueue({ key: `cap:${i}`, kind: 'test', to: `r${i}@example.org`, subject: 'S', text: 'x', html: 'x' });
    // Not due for an hour: the app's poller must not send them while they are counted.
    await db.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() + 3_600_000) }).where('dedupe_key', 'like', 'cap:%').execute();
    await db.updateTable('mail_outbox').set({ status: 'failed' }).where('dedupe_key', '=', 'cap:0').execute();
    const { db: watched, seen } = recordingQueries(db);
    const capped = await outboxRepository(watched).list(1, 2, 'pending', 3);
    expect({ total: capped.total, totalCapped: capped.totalCapped, rows: capped.rows.length }).toEqual({ total: 3, totalCapped: true, rows: 2 });
    expect(await outbox.list(1, 2, 'pending', 4)).toMatchObject({ total: 4, totalCapped: false });
    expect(await outbox.list(1, 2, 'failed', 1)).toMatchObject({ total: 1, totalCapped: false });
    expect(await outbox.list(1, 10, undefined, 4)).toMatchObject({ total: 4, totalCapped: true });
    // The console's answer: the whole count under the service's cap (10,000), and that it is whole.
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const answer = (await app.inject({ method: 'GET', url: '/api/identity/admin/outbox?status=pending&page_size=1', headers: bearer(admin.token) })).json();
    expect(answer).toMatchObject({ total: 4, total_capped: false, page_size: 1 });
    // The count stops reading at the cap, through an index of the status.
    const count = seen.find((q) => /count\(\*\)/.test(q.sql))!;
    expect(await planOf(db, count)).toMatch(/Limit[\s\S]*Index (Only )?Scan using mail_outbox_/);
  });

  it('sends a failed message again when an administrator asks, once, and refuses other messages', async () => {
    const server = await smtp({ refuse: true });
    const { app } = await start({ ...fast, SMTP_URL: server.url, MAIL_MAX_ATTEMPTS: '2' });
    await signUp(app, 'bounced@example.org', PASSWORD);
    await waitFor(async () => (await outboxRows())[0]?.status === 'failed', 8000, 'the message to fail');
    const [failed] = await outboxRows();
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const retry = (id: string, token = admin.token) => app.inject({ method: 'POST', url: ADMIN_PATHS.outboxRetry(id), headers: bearer(token) });
    const listed = (await app.inject({ method: 'GET', url: '/api/identity/admin/outbox?status=failed', headers: bearer(admin.token) })).json();
    expect(listed.messages[0]).toMatchObject({ id: failed!.id, body_kept: true });

    // The mail server is fixed; the administrator sends it again, twice by a double click: it goes out once.
    server.refuse = false;
    const [first, second] = await Promise.all([retry(failed!.id), retry(failed!.id)]);
    const answers = [first, second].map((a) => a.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json().message).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0, body_kept: true });
    await waitFor(() => server.received.length === 1, 5000, 'the message delivered');
    expect(server.received[0]!.subject).toBe('Confirm your e-mail address for Keisha');
    await waitFor(async () => (await outboxRows())[0]?.status === 'sent', 5000, 'the row marked sent');

    // A sent message, an emptied one, an unknown id, a bad id, a reader and a guest are refused.
    const sent = await retry(failed!.id);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().error).toEqual({ code: OUTBOX_ERRORS.notFailed, message: OUTBOX_TEXT.notFailed });
    await base.database.db.updateTable('mail_outbox').set({ status: 'failed', text_body: '', html_body: '' }).where('id', '=', failed!.id).execute();
    const emptied = await retry(failed!.id);
    expect(emptied.statusCode).toBe(409);
    expect(emptied.json().error.code).toBe(OUTBOX_ERRORS.bodyEmptied);
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry('not-an-id')).statusCode).toBe(400);
    const reader = await signUp(app, 'curious@example.org', PASSWORD);
    expect((await retry(failed!.id, reader.token)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: ADMIN_PATHS.outboxRetry(failed!.id) })).statusCode).toBe(401);
    expect(server.received.filter((m) => m.subject === 'Confirm your e-mail address for Keisha' && JSON.stringify(m.to).includes('bounced@'))).toHaveLength(1);
  });
});
