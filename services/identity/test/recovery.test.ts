// Account recovery over real HTTP (the app listening on loopback), on PGlite and PostgreSQL, with every
// message delivered through a real SMTP server and read back from what it received.
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { ADMIN, identityAppsForSuite } from './helpers.ts';
import { startSmtp, waitFor, type TestSmtp } from './smtp.ts';

const targets = await databaseTargets();
const PASSWORD = 'violet-harbour-lantern-42';
const NEW_PASSWORD = 'quiet-meadow-copper-91';
const linkIn = (page: string, mail: ParsedMail | undefined) => {
  const match = new RegExp(`http://localhost:3000/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no /${page} link in: ${mail?.subject}`);
  return match[1]!;
};

interface Reply {
  status: number;
  body: any;
  headers: Headers;
  cookie: string | undefined;
}

describe.each(targets)('account recovery on $kind', (target) => {
  const base = identityAppsForSuite(target);
  let smtp: TestSmtp;
  let url: string;

  const start = async (env: Record<string, string> = {}) => {
    const { app } = await base.start({ MAIL_POLL_MS: '20', SMTP_URL: smtp.url, ...env });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    url = `http://127.0.0.1:${address.port}`;
    return app;
  };

  const post = async (route: string, body: unknown, options: { token?: string; from?: string; cookie?: string } = {}): Promise<Reply> => {
    const response = await fetch(url + route, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.from ? { 'x-forwarded-for': options.from } : {}),
        ...(options.cookie ? { cookie: `keisha_refresh=${options.cookie}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const cookie = response.headers
      .getSetCookie()
      .map((line) => /^keisha_refresh=([^;]*)/.exec(line)?.[1])
      .find(Boolean);
    return { status: response.status, body: await response.json(), headers: response.headers, cookie };
  };
  const signUp = async (email: string, password = PASSWORD) => {
    const reply = await post('/api/bias-auth/register', { email, password });
    expect(reply.status).toBe(201);
    return reply;
  };
  const login = (email: string, password: string, from = '192.0.2.1', route = '/api/bias-auth/login') => post(route, { email, password }, { from });
  const me = async (token: string) => (await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;
  const mailTo = (address: string, kind?: string) =>
    smtp.received.filter((mail) => {
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      return to === address && (!kind || mail.subject === kind);
    });
  const waitForMail = async (address: string, subject: string, count = 1) => {
    await waitFor(() => mailTo(address, subject).length >= count, 8000, `"${subject}" to ${address}`);
    return mailTo(address, subject).at(-1)!;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  beforeEach(async () => {
    smtp = await startSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });

  describe('password reset', () => {
    it('answers the same, about as fast, whether or not the address has an account, and mails only an existing one', async () => {
      await start();
      await signUp('owner@example.org');
      const timed = async (email: string) => {
        const started = performance.now();
        const reply = await post('/api/auth/password-reset/request', { email }, { from: `198.51.100.${Math.floor(Math.random() * 200)}` });
        return { reply, ms: performance.now() - started };
      };
      const known: number[] = [];
      const unknown: number[] = [];
      // What an answer's time would show is timed: the mail a known address starts (its link, the message rendered and
      // sent to the test's SMTP server in this process) runs after the answer, so each request waits for the last
      // one's to end; without the pause, that work fell on whichever request came next.
      const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
      for (let i = 0; i < 8; i++) {
        // Alternating, so a slow moment of the machine falls on both.
        await pause();
        const a = await timed('owner@example.org');
        await pause();
        const b = await timed(`nobody${i}@example.org`);
        expect(a.reply.status).toBe(200);
        expect(b.reply.status).toBe(200);
        expect(b.reply.body).toEqual(a.reply.body);
        known.push(a.ms);
        unknown.push(b.ms);
      }
      const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
      console.log(`[recovery] ${target.kind}: reset request median ${median(known).toFixed(1)} ms with an account, ${median(unknown).toFixed(1)} ms without`);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(15, 0.5 * Math.max(median(known), median(unknown))));
      await waitForMail('owner@example.org', 'Reset your Keisha password', 3);
      await settle();
      // Three a hour per account (LINK_REQUESTS_PER_ACCOUNT_PER_HOUR): the other five asked for nothing more.
      expect(mailTo('owner@example.org', 'Reset your Keisha password')).toHaveLength(3);
      expect(smtp.received.filter((mail) => /nobody/.test(mail.to && !Array.isArray(mail.to) ? mail.to.text : ''))).toHaveLength(0);
    });

    it('sets a new password once with the link, under the policy, signs out every device and tells the owner', async () => {
      await start();
      const first = await signUp('reset@example.org');
      const other = await login('reset@example.org', PASSWORD, '192.0.2.77');
      expect(other.status).toBe(200);
      expect((await post('/api/auth/password-reset/request', { email: 'RESET@example.org ' })).status).toBe(200);
      const mail = await waitForMail('reset@example.org', 'Reset your Keisha password');
      const token = linkIn('reset-password', mail);
      expect(mail.html || '').toContain(`href="http://localhost:3000/reset-password?token=${token}"`);
      expect(mail.text).toMatch(/30 minutes/);
      // Only the token's hash is kept.
      const stored = await base.database.db.selectFrom('account_links').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);

      // The page asks whether the link still works when it opens: yes, and asking does not use it up.
      for (let i = 0; i < 2; i++) expect(await post('/api/auth/password-reset/check', { token })).toMatchObject({ status: 200, body: { success: true } });

      const weak = await post('/api/auth/password-reset', { token, new_password: 'password1' });
      expect(weak.status).toBe(400);
      expect(weak.body.error.code).toBe('WEAK_PASSWORD');
      const reset = await post('/api/auth/password-reset', { token, new_password: NEW_PASSWORD }, { from: '203.0.113.9' });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ success: true });

      expect((await login('reset@example.org', PASSWORD)).status).toBe(401);
      expect((await login('reset@example.org', NEW_PASSWORD)).status).toBe(200);
      // Every device signed out: access tokens and refresh cookies of both earlier sessions.
      expect(await me(first.body.token)).toBe(401);
      expect(await me(other.body.token)).toBe(401);
      expect((await post('/api/auth/refresh', {}, { cookie: first.cookie! })).status).toBe(401);
      expect((await post('/api/auth/refresh', {}, { cookie: other.cookie! })).status).toBe(401);

      const again = await post('/api/auth/password-reset', { token, new_password: 'another-garden-tulip-55' });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('LINK_USED');
      // A used link is told apart when the page opens, with the reset's own words.
      const used = await post('/api/auth/password-reset/check', { token });
      expect(used.status).toBe(409);
      expect(used.body.error).toEqual(again.body.error);
      const notice = await waitForMail('reset@example.org', 'Your Keisha password was changed');
      expect(notice.text).toMatch(/every device was signed out/);
    });

    it('tells the owner when the password is changed on the account page too, and nothing when the change is refused', async () => {
      await start();
      const account = await signUp('changer@example.org');
      const other = await login('changer@example.org', PASSWORD, '192.0.2.78');
      const wrong = await post('/api/auth/change-password', { current_password: 'not-my-password-11', new_password: NEW_PASSWORD }, { token: account.body.token });
      expect(wrong.status).toBe(401);
      const changed = await post('/api/auth/change-password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, { token: account.body.token });
      expect(changed.status).toBe(200);
      const notice = await waitForMail('changer@example.org', 'Your Keisha password was changed');
      expect(notice.text).toMatch(/was changed on the account page on .+ UTC, and every other device was signed out\./);
      expect(notice.text).toContain('If this was not you, reset your password now: http://localhost:3000/reset-password');
      // The device it was changed on stays signed in; the other one does not.
      expect(await me(account.body.token)).toBe(200);
      expect(await me(other.body.token)).toBe(401);
      await settle();
      expect(mailTo('changer@example.org', 'Your Keisha password was changed')).toHaveLength(1);
    });

    it('refuses an expired, an unknown and a malformed link, and a link made before the address changed', async () => {
      await start();
      await signUp('late@example.org');
      await post('/api/auth/password-reset/request', { email: 'late@example.org' });
      const token = linkIn('reset-password', await waitForMail('late@example.org', 'Reset your Keisha password'));
      await base.database.db.updateTable('account_links').set({ expires_at: new Date(Date.now() - 1000) }).execute();
      const expired = await post('/api/auth/password-reset', { token, new_password: NEW_PASSWORD });
      expect(expired.status).toBe(410);
      expect(expired.body.error.message).toMatch(/expired/);
      expect(await post('/api/auth/password-reset/check', { token })).toMatchObject({ status: 410, body: { error: expired.body.error } });
      expect(await post('/api/auth/password-reset/check', { token: 'A'.repeat(43) })).toMatchObject({ status: 400, body: { error: { code: 'INVALID_LINK' } } });
      for (const body of [{}, { token: 'short' }, { token: ['x'] }, { token: 'A'.repeat(5000) }]) expect((await post('/api/auth/password-reset/check', body)).status).toBe(400);
      const unknown = await post('/api/auth/password-reset', { token: 'A'.repeat(43), new_password: NEW_PASSWORD });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.code).toBe('INVALID_LINK');
      for (const body of [{ token: 'short', new_password: NEW_PASSWORD }, { token: `${'A'.repeat(43)}<script>`, new_password: NEW_PASSWORD }, { token: 'A'.repeat(5000) }, {}, { email: 'x'.repeat(10_000) }]) {
        const reply = await post('/api/auth/password-reset', body);
        expect(reply.status).toBe(400);
        expect(reply.body.success).toBe(false);
      }
      for (const body of [{}, { email: 'not an address' }, { email: `${'x'.repeat(300)}@example.org` }, { email: ['a@b.co'] }]) {
        expect((await post('/api/auth/password-reset/request', body)).status).toBe(400);
      }

      await post('/api/auth/password-reset/request', { email: 'late@example.org' });
      const fresh = linkIn('reset-password', await waitForMail('late@example.org', 'Reset your Keisha password', 2));
      await base.database.db.updateTable('users').set({ email: 'moved@example.org' }).where('email', '=', 'late@example.org').execute();
      expect((await post('/api/auth/password-reset', { token: fresh, new_password: NEW_PASSWORD })).status).toBe(400);
    });

    it('throttles requests per address (429 with Retry-After, other addresses unaffected)', async () => {
      await start({ LINK_REQUESTS_PER_ADDRESS_PER_HOUR: '2' });
      const ask = (from: string) => post('/api/auth/password-reset/request', { email: 'anyone@example.org' }, { from });
      expect((await ask('198.51.100.1')).status).toBe(200);
      expect((await ask('198.51.100.1')).status).toBe(200);
      const refused = await ask('198.51.100.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await ask('198.51.100.2')).status).toBe(200);
      // Sign-in links share the address's allowance.
      expect((await post('/api/auth/unlock/request', { email: 'anyone@example.org' }, { from: '198.51.100.1' })).status).toBe(429);
    });
  });

  describe('e-mail change', () => {
    it('confirms the new address by link, then tells the old one; the account signs in with the new address', async () => {
      await start();
      const owner = await signUp('old@example.org');
      const token = owner.body.token as string;
      expect((await post('/api/auth/email-change', { new_email: 'new@example.org', password: 'wrong-password-here' }, { token })).status).toBe(401);
      expect((await post('/api/auth/email-change', { new_email: 'OLD@example.org', password: PASSWORD }, { token })).status).toBe(400);
      expect((await post('/api/auth/email-change', { new_email: 'new@example.org', password: PASSWORD })).status).toBe(401);
      const asked = await post('/api/auth/email-change', { new_email: 'New@Example.org', password: PASSWORD }, { token });
      expect(asked.status).toBe(200);
      const mail = await waitForMail('new@example.org', 'Confirm your new e-mail address for Keisha');
      expect(mail.text).toMatch(/old@example\.org/);
      const link = linkIn('confirm-email-change', mail);
      // Nothing changes before the link is opened.
      expect((await login('old@example.org', PASSWORD)).status).toBe(200);

      const confirmed = await post('/api/auth/email-change/confirm', { token: link });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ success: true, email: 'new@example.org' });
      expect((await login('new@example.org', PASSWORD)).status).toBe(200);
      expect((await login('old@example.org', PASSWORD)).status).toBe(401);
      const signedIn = await login('new@example.org', PASSWORD);
      expect(signedIn.body.user).toMatchObject({ email: 'new@example.org', email_verified: true });
      const notice = await waitForMail('old@example.org', 'The e-mail address of your Keisha account was changed');
      expect(notice.text).toMatch(/now uses new@example\.org/);
      expect((await post('/api/auth/email-change/confirm', { token: link })).status).toBe(409);
    });

    it('answers the same for an address that has an account, and tells that address instead of sending a link', async () => {
      await start();
      const owner = await signUp('mover@example.org');
      await signUp('taken@example.org');
      const reply = await post('/api/auth/email-change', { new_email: 'taken@example.org', password: PASSWORD }, { token: owner.body.token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: true });
      const mail = await waitForMail('taken@example.org', 'Your e-mail address and Keisha');
      expect(mail.text).toMatch(/already has a Keisha account/);
      expect(mail.text).not.toMatch(/confirm-email-change/);
      expect(await base.database.db.selectFrom('account_links').selectAll().execute()).toHaveLength(0);
    });

    it('refuses a confirmation when the new address got an account meanwhile, and after three requests an hour', async () => {
      await start();
      const owner = await signUp('first@example.org');
      await post('/api/auth/email-change', { new_email: 'race@example.org', password: PASSWORD }, { token: owner.body.token });
      const link = linkIn('confirm-email-change', await waitForMail('race@example.org', 'Confirm your new e-mail address for Keisha'));
      await signUp('race@example.org');
      const refused = await post('/api/auth/email-change/confirm', { token: link });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('EMAIL_TAKEN');
      expect((await login('first@example.org', PASSWORD)).status).toBe(200);
      await post('/api/auth/email-change', { new_email: 'b@example.org', password: PASSWORD }, { token: owner.body.token });
      await post('/api/auth/email-change', { new_email: 'c@example.org', password: PASSWORD }, { token: owner.body.token });
      // The fourth in the hour, even with a wrong password: the form is no way to guess passwords.
      expect((await post('/api/auth/email-change', { new_email: 'd@example.org', password: 'guess-guess-guess' }, { token: owner.body.token })).status).toBe(429);
    });
  });

  describe('links mailed before the owner locks the account out', () => {
    // Whoever had the password (or the mailbox for a while) asked for these before the owner took the account back;
    // none may change the address or sign in afterwards.
    const linksTakenBefore = async (owner: string, taker: string, token: string) => {
      expect((await post('/api/auth/email-change', { new_email: taker, password: PASSWORD }, { token })).status).toBe(200);
      const change = linkIn('confirm-email-change', await waitForMail(taker, 'Confirm your new e-mail address for Keisha'));
      expect((await post('/api/auth/unlock/request', { email: owner })).status).toBe(200);
      const signIn = linkIn('unlock', await waitForMail(owner, 'Your one-time sign-in link for Keisha'));
      return { change, signIn };
    };
    const refusedAfterwards = async (owner: string, links: { change: string; signIn: string }) => {
      const change = await post('/api/auth/email-change/confirm', { token: links.change });
      expect(change.status, JSON.stringify(change.body)).toBe(400);
      expect(change.body.error.code).toBe('INVALID_LINK');
      const signIn = await post('/api/auth/unlock', { token: links.signIn });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(400);
      expect(signIn.cookie).toBeUndefined();
      const account = await base.database.db.selectFrom('users').select('email').where('email', '=', owner).executeTakeFirst();
      expect(account?.email).toBe(owner);
    };

    it('refuses them after a password reset', async () => {
      await start();
      const owner = await signUp('reclaimed@example.org');
      const links = await linksTakenBefore('reclaimed@example.org', 'taker-one@example.org', owner.body.token);
      expect((await post('/api/auth/password-reset/request', { email: 'reclaimed@example.org' })).status).toBe(200);
      const reset = linkIn('reset-password', await waitForMail('reclaimed@example.org', 'Reset your Keisha password'));
      expect((await post('/api/auth/password-reset', { token: reset, new_password: NEW_PASSWORD })).status).toBe(200);
      await refusedAfterwards('reclaimed@example.org', links);
      // The reset link itself still says it was used.
      expect((await post('/api/auth/password-reset', { token: reset, new_password: 'another-garden-tulip-55' })).body.error.code).toBe('LINK_USED');
      // A link asked for after the reset works.
      expect((await post('/api/auth/unlock/request', { email: 'reclaimed@example.org' })).status).toBe(200);
      const fresh = linkIn('unlock', await waitForMail('reclaimed@example.org', 'Your one-time sign-in link for Keisha', 2));
      expect((await post('/api/auth/unlock', { token: fresh })).status).toBe(200);
    });

    it('refuses them after signing out everywhere, and after a password change on the account page', async () => {
      await start();
      const owner = await signUp('signed-out@example.org');
      const beforeSignOut = await linksTakenBefore('signed-out@example.org', 'taker-two@example.org', owner.body.token);
      const again = await login('signed-out@example.org', PASSWORD);
      expect((await post('/api/auth/logout-all', {}, { token: again.body.token })).status).toBe(200);
      await refusedAfterwards('signed-out@example.org', beforeSignOut);

      const changer = await signUp('changed@example.org');
      const beforeChange = await linksTakenBefore('changed@example.org', 'taker-three@example.org', changer.body.token);
      const changed = await post('/api/auth/change-password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, { token: changer.body.token });
      expect(changed.status).toBe(200);
      await refusedAfterwards('changed@example.org', beforeChange);
    });
  });

  describe('no lockout by strangers', () => {
    // Each case signs in (argon2) 30 to 70 times: on a busy machine that is more than the default 30 s.
    const ATTACK_TIMEOUT_MS = 180_000;
    const attackSubject = 'Someone is trying to sign in to your Keisha account';

    it('tells the owner once per attack window, and a one-time link signs them in from a new address despite the throttle', async () => {
      await start({ LOGIN_ACCOUNT_FAILURE_LIMIT: '20' });
      await signUp('target@example.org');
      // 40 wrong passwords from 10 addresses: past the account-wide limit (20), so strangers are held back.
      for (let i = 0; i < 40; i++) await login('target@example.org', 'not-the-password', `198.51.100.${i % 10}`);
      expect((await login('target@example.org', PASSWORD, '203.0.113.5')).status).toBe(429);
      const notice = await waitForMail('target@example.org', attackSubject);
      expect(notice.text).toMatch(/20 failed sign-ins/);
      await settle();
      expect(mailTo('target@example.org', attackSubject)).toHaveLength(1);

      const asked = await post('/api/auth/unlock/request', { email: 'target@example.org', next: '/bias-detection' }, { from: '203.0.113.5' });
      expect(asked.status).toBe(200);
      const mail = await waitForMail('target@example.org', 'Your one-time sign-in link for Keisha');
      const token = linkIn('unlock', mail);
      expect(mail.text).toContain(`/unlock?token=${token}&next=%2Fbias-detection`);
      const signedIn = await post('/api/auth/unlock', { token }, { from: '203.0.113.5' });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user).toMatchObject({ email: 'target@example.org' });
      expect(signedIn.cookie).toBeTruthy();
      expect(await me(signedIn.body.token)).toBe(200);
      // The network that opened the link is the owner's now: the password works there despite the attack.
      expect((await login('target@example.org', PASSWORD, '203.0.113.5')).status).toBe(200);
      expect((await login('target@example.org', PASSWORD, '203.0.113.6')).status).toBe(429);
      expect((await post('/api/auth/unlock', { token }, { from: '203.0.113.5' })).status).toBe(409);

      // A new window of failures is a new attack: one more notice.
      await base.database.db.updateTable('login_failures').set({ window_started_at: new Date(Date.now() - 3_600_000) }).execute();
      for (let i = 0; i < 25; i++) await login('target@example.org', 'still-not-it', `198.51.100.${20 + (i % 10)}`);
      await waitForMail('target@example.org', attackSubject, 2);
      await settle();
      expect(mailTo('target@example.org', attackSubject)).toHaveLength(2);
    }, ATTACK_TIMEOUT_MS);

    it('lets the administrator in the same way, and mails nothing for an address without an account', async () => {
      await start({ LOGIN_ACCOUNT_FAILURE_LIMIT: '20' });
      for (let i = 0; i < 30; i++) await login(ADMIN.email, 'nope-nope-nope', `198.51.100.${i % 10}`, '/api/auth/admin/login');
      expect((await login(ADMIN.email, ADMIN.password, '203.0.113.80', '/api/auth/admin/login')).status).toBe(429);
      await waitForMail(ADMIN.email, attackSubject);
      expect((await post('/api/auth/unlock/request', { email: ADMIN.email, next: '/admin' }, { from: '203.0.113.80' })).status).toBe(200);
      const nobody = await post('/api/auth/unlock/request', { email: 'ghost@example.org' }, { from: '203.0.113.80' });
      expect(nobody.status).toBe(200);
      const token = linkIn('unlock', await waitForMail(ADMIN.email, 'Your one-time sign-in link for Keisha'));
      const signedIn = await post('/api/auth/unlock', { token }, { from: '203.0.113.80' });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.role).toBe('admin');
      expect((await login(ADMIN.email, ADMIN.password, '203.0.113.80', '/api/auth/admin/login')).status).toBe(200);
      await settle();
      expect(mailTo('ghost@example.org')).toHaveLength(0);
    }, ATTACK_TIMEOUT_MS);

    it('does not sign in a disabled account with its link', async () => {
      await start();
      await signUp('off@example.org');
      await post('/api/auth/unlock/request', { email: 'off@example.org' });
      const token = linkIn('unlock', await waitForMail('off@example.org', 'Your one-time sign-in link for Keisha'));
      await base.database.db.updateTable('users').set({ disabled_at: new Date() }).where('email', '=', 'off@example.org').execute();
      const refused = await post('/api/auth/unlock', { token });
      expect(refused.status).toBe(403);
      expect(refused.cookie).toBeUndefined();
    });
  });
});
