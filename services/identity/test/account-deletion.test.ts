// Deleting an account over HTTP on both databases (POST /api/auth/delete-account): the password is asked again, an
// administrator is refused, and a deletion removes identity's rows at once, ends every session, frees the address,
// mails the confirmation and writes the other services' erasures. Two deletions at once delete once.
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, AUTH_PATHS } from '@keisha/contracts/identity';
import { databaseTargets } from '@keisha/service-kit/testing';
import type { ServiceApp } from '@keisha/service-kit';
import { ADMIN, bearer, identityAppsForSuite, signIn, signUp, type Signed } from './helpers.ts';

const targets = await databaseTargets();
const PASSWORD = 'correct-horse-battery-staple-42';

describe.each(targets)('deleting an account on $kind', (target) => {
  const base = identityAppsForSuite(target);
  let app: ServiceApp;
  beforeEach(async () => {
    app = (await base.start()).app; // closed after each test by the suite
  });
  const db = () => base.database.db;

  const remove = (who: Pick<Signed, 'token'> | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: AUTH_PATHS.deleteAccount, headers: who ? bearer(who.token) : {}, payload: payload as object });
  const rowsOf = async (userId: string) => {
    const count = async (table: 'refresh_tokens' | 'newsletter_subscriptions' | 'support_requests' | 'email_verifications') =>
      Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
    const profiles = Number((await db().selectFrom('profiles').select((eb) => eb.fn.countAll().as('n')).where('id', '=', userId).executeTakeFirstOrThrow()).n);
    return { refresh_tokens: await count('refresh_tokens'), newsletter: await count('newsletter_subscriptions'), support: await count('support_requests'), verifications: await count('email_verifications'), profiles };
  };

  it('asks for the password: none is 400, a wrong one 401 and the account stays; no token is 401', async () => {
    const ann = await signUp(app, 'ann@example.org', PASSWORD);
    expect((await remove(undefined, { password: PASSWORD })).statusCode).toBe(401);
    const missing = await remove(ann, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBeTruthy();
    const wrong = await remove(ann, { password: 'not-the-password-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await remove(ann, { password: 'x'.repeat(100_000) })).statusCode).toBe(413); // over the body limit
    expect((await app.inject({ method: 'GET', url: AUTH_PATHS.me, headers: bearer(ann.token) })).statusCode).toBe(200);
    expect(await db().selectFrom('account_erasures').selectAll().execute()).toEqual([]);
  });

  it('refuses an administrator’s account with 409 and a reason', async () => {
    const admin = await signIn(app, ADMIN.email, ADMIN.password, '/api/auth/admin/login');
    const refused = await remove(admin, { password: ADMIN.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'ADMIN_ACCOUNT' });
    expect(refused.json().error.message).toContain('administrator');
    expect(await db().selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirst()).toBeDefined();
  });

  it('removes identity’s rows, ends every session, frees the address, mails the confirmation and writes the erasures', async () => {
    const bea = await signUp(app, 'bea@example.org', PASSWORD);
    const other = await signIn(app, 'bea@example.org', PASSWORD); // a second device
    const kept = await signUp(app, 'kept@example.org', PASSWORD);
    await db().insertInto('newsletter_subscriptions').values({ user_id: bea.user.id, subscribed: true, changed_by: 'account' }).execute();
    const request = await db().insertInto('support_requests').values({ user_id: bea.user.id, email: bea.user.email, subject: 'Hello', message: 'A question', priority: false }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('waitlist').values({ email: 'bea@example.org' }).execute();
    await db().insertInto('waitlist').values({ email: 'kept@example.org' }).execute();
    await db().insertInto('login_known_addresses').values({ email: 'bea@example.org', address: '10.0.0.9' }).execute();
    await db()
      .insertInto('mail_outbox')
      .values([
        { dedupe_key: 'pending-for-bea', kind: 'newsletter', recipient: 'bea@example.org', subject: 's', text_body: 't', html_body: 'h', next_attempt_at: new Date(Date.now() + 3_600_000) },
        // Sent earlier: a receipt to her, and the support inbox's notice quoting her request.
        { dedupe_key: 'receipt:bea', kind: 'receipt', recipient: 'bea@example.org', subject: 'Your receipt', text_body: 'Monthly, $9.99', html_body: 'h', status: 'sent', next_attempt_at: new Date() },
        { dedupe_key: `support-notice:${request.id}`, kind: 'support-notice', recipient: 'help@example.org', subject: 'Hello', text_body: 'A question', html_body: 'h', status: 'sent', next_attempt_at: new Date() },
        // Another reader's mail, and another reader's notice, stay.
        { dedupe_key: 'receipt:kept', kind: 'receipt', recipient: 'kept@example.org', subject: 'Your receipt', text_body: 'Annual', html_body: 'h', status: 'sent', next_attempt_at: new Date() },
        { dedupe_key: 'support-notice:00000000-0000-4000-8000-000000000001', kind: 'support-notice', recipient: 'help@example.org', subject: 'Other', text_body: 'Other', html_body: 'h', status: 'sent', next_attempt_at: new Date() },
      ])
      .execute();
    expect((await rowsOf(bea.user.id)).refresh_tokens).toBe(2);

    const done = await remove(bea, { password: PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true });
    // The refresh cookie and its hint are cleared.
    expect(done.cookies.find((c) => c.name === 'keisha_refresh')?.value).toBe('');

    expect(await db().selectFrom('users').select('id').where('id', '=', bea.user.id).executeTakeFirst()).toBeUndefined();
    expect(await rowsOf(bea.user.id)).toEqual({ refresh_tokens: 0, newsletter: 0, support: 0, verifications: 0, profiles: 0 });
    expect((await db().selectFrom('waitlist').select('email').execute()).map((r) => r.email)).toEqual(['kept@example.org']);
    expect(await db().selectFrom('login_known_addresses').selectAll().where('email', '=', 'bea@example.org').execute()).toEqual([]);
    // Every session is over: both devices' tokens and refresh cookies, and the password.
    for (const who of [bea, other]) {
      expect((await app.inject({ method: 'GET', url: AUTH_PATHS.me, headers: bearer(who.token) })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: AUTH_PATHS.refresh, cookies: { keisha_refresh: who.cookie } })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'POST', url: AUTH_PATHS.login, payload: { email: 'bea@example.org', password: PASSWORD } })).statusCode).toBe(401);

    // The mail to the address, waiting or sent, and the inbox's notice of her request are gone; the confirmation is
    // queued in their place. Other readers' mail stays.
    const mail = await db().selectFrom('mail_outbox').select(['dedupe_key', 'kind', 'subject', 'text_body']).where('recipient', '=', 'bea@example.org').execute();
    expect(mail.map((m) => m.kind)).toEqual(['account-deleted']);
    const keys = (await db().selectFrom('mail_outbox').select('dedupe_key').execute()).map((m) => m.dedupe_key);
    expect(keys).not.toContain(`support-notice:${request.id}`);
    expect(keys).toEqual(expect.arrayContaining(['receipt:kept', 'support-notice:00000000-0000-4000-8000-000000000001']));
    const notice = mail.find((m) => m.kind === 'account-deleted');
    expect(notice?.subject).toBe('Your Keisha account was deleted');
    expect(notice?.text_body).toContain('The Keisha account bea@example.org was deleted on the account page on');
    expect(notice?.text_body).toContain('any plan has stopped and will not renew');

    // One erasure for each service that holds the account's data.
    const erasures = await db().selectFrom('account_erasures').select(['user_id', 'service', 'passes', 'done_at']).orderBy('service').execute();
    expect(erasures).toEqual(['billing', 'chat', 'decoder'].map((service) => ({ user_id: bea.user.id, service, passes: 0, done_at: null })));

    // The other account is untouched, and the address can make a new, empty account.
    expect((await app.inject({ method: 'GET', url: AUTH_PATHS.me, headers: bearer(kept.token) })).statusCode).toBe(200);
    const again = await signUp(app, 'bea@example.org', PASSWORD);
    expect(again.user.id).not.toBe(bea.user.id);
    expect((await rowsOf(again.user.id)).newsletter).toBe(0);
  });

  it('two deletions at once (two tabs) delete once: the other is told the account is gone', async () => {
    const cy = await signUp(app, 'cy@example.org', PASSWORD);
    const answers = await Promise.all([remove(cy, { password: PASSWORD }), remove(cy, { password: PASSWORD })]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBe(401);
    expect(await db().selectFrom('account_erasures').select('service').where('user_id', '=', cy.user.id).execute()).toHaveLength(3);
    const notices = await db().selectFrom('mail_outbox').select('id').where('recipient', '=', 'cy@example.org').where('kind', '=', 'account-deleted').execute();
    expect(notices).toHaveLength(1);
  });

  describe('by an administrator from the console', () => {
    const byAdmin = (admin: Pick<Signed, 'token'> | undefined, userId: string, payload: unknown) =>
      app.inject({ method: 'POST', url: ADMIN_PATHS.deleteUser(userId), headers: admin ? bearer(admin.token) : {}, payload: payload as object });
    const adminSession = () => signIn(app, ADMIN.email, ADMIN.password, '/api/auth/admin/login');

    it('deletes a reader’s account with its address typed: sessions end, erasures are written, and the reader is mailed', async () => {
      const admin = await adminSession();
      const dee = await signUp(app, 'dee@example.org', PASSWORD);
      const done = await byAdmin(admin, dee.user.id, { confirm_email: '  DEE@example.org ' }); // typed as people type
      expect(done.statusCode, done.body).toBe(200);
      expect((await app.inject({ method: 'GET', url: AUTH_PATHS.me, headers: bearer(dee.token) })).statusCode).toBe(401);
      expect(await rowsOf(dee.user.id)).toEqual({ refresh_tokens: 0, newsletter: 0, support: 0, verifications: 0, profiles: 0 });
      expect((await db().selectFrom('account_erasures').select('service').where('user_id', '=', dee.user.id).orderBy('service').execute()).map((r) => r.service)).toEqual([
        'billing',
        'chat',
        'decoder',
      ]);
      const notice = await db().selectFrom('mail_outbox').select(['kind', 'text_body']).where('recipient', '=', 'dee@example.org').where('kind', '=', 'account-deleted').executeTakeFirstOrThrow();
      expect(notice.text_body).toContain('was deleted by a Keisha administrator');
      // Deleted once: the same request again finds no account.
      expect((await byAdmin(admin, dee.user.id, { confirm_email: 'dee@example.org' })).statusCode).toBe(404);
    });

    it('refuses a mistyped address, another administrator, its own account, readers and guests, and deletes nothing', async () => {
      const admin = await adminSession();
      const eve = await signUp(app, 'eve@example.org', PASSWORD);
      const mistyped = await byAdmin(admin, eve.user.id, { confirm_email: 'eva@example.org' });
      expect(mistyped.statusCode).toBe(400);
      expect(mistyped.json().error.message).toBe('The address you typed is not this account’s address.');
      expect((await byAdmin(admin, eve.user.id, { confirm_email: 'not an address' })).statusCode).toBe(400);
      expect((await byAdmin(admin, eve.user.id, {})).statusCode).toBe(400);
      expect((await byAdmin(admin, 'not-a-uuid', { confirm_email: 'eve@example.org' })).statusCode).toBe(400);

      const own = await byAdmin(admin, admin.user.id, { confirm_email: ADMIN.email });
      expect(own.statusCode).toBe(400);
      expect(own.json().error.message).toBe('You cannot delete your own account from the console.');
      const fay = await signUp(app, 'fay@example.org', PASSWORD);
      await db().updateTable('users').set({ role: 'admin' }).where('id', '=', fay.user.id).execute();
      const otherAdmin = await byAdmin(admin, fay.user.id, { confirm_email: 'fay@example.org' });
      expect(otherAdmin.statusCode).toBe(409);
      expect(otherAdmin.json().error).toMatchObject({ code: 'ADMIN_ACCOUNT', message: 'An administrator’s account cannot be deleted. Remove the administrator role first.' });

      expect((await byAdmin(eve, fay.user.id, { confirm_email: 'fay@example.org' })).statusCode).toBe(403);
      expect((await byAdmin(undefined, eve.user.id, { confirm_email: 'eve@example.org' })).statusCode).toBe(401);
      const left = await db().selectFrom('users').select('email').where('email', 'in', ['eve@example.org', 'fay@example.org', ADMIN.email]).execute();
      expect(left).toHaveLength(3);
      expect(await db().selectFrom('account_erasures').selectAll().execute()).toEqual([]);
    });
  });
});
