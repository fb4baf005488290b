// Generated hostile requests against every mutating identity route (shared/service-kit's route
// fuzzer): never a 5xx, every refusal in our error shape, no stack or SQL in any answer, and no
// request, however odd, makes anyone an administrator. FUZZ_RUNS sets the bodies per route.
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, expectCleanFuzz, fuzzRoutes, fuzzTimeoutMs, type FuzzCallers } from '@keisha/service-kit/testing';
import { ADMIN, bearer, signIn, signUp, identityForSuite } from './helpers.ts';

const ROUTES = [
  'POST /api/waitlist',
  'POST /api/bias-auth/register',
  'POST /api/bias-auth/login',
  'POST /api/auth/admin/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'POST /api/bias-auth/validate-token',
  'POST /internal/identity/sessions/check',
  'POST /api/auth/change-password',
  'POST /api/auth/delete-account',
  'POST /api/auth/verify-email',
  'POST /api/auth/verify-email/resend',
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/check',
  'POST /api/auth/unlock/request',
  'POST /api/auth/unlock',
  'POST /api/auth/email-change',
  'POST /api/auth/email-change/confirm',
  'PATCH /api/profiles/me',
  'PATCH /api/identity/admin/users/:id',
  'POST /api/identity/admin/users/:id/unlock',
  'POST /api/identity/admin/users/:id/delete',
  'PUT /api/identity/newsletter/subscription',
  'POST /api/identity/newsletter/unsubscribe',
  'POST /api/identity/admin/newsletter/issues',
  'PUT /api/identity/admin/newsletter/issues/:id',
  'DELETE /api/identity/admin/newsletter/issues/:id',
  'POST /api/identity/admin/newsletter/run',
  'POST /api/identity/support/requests',
  'POST /api/identity/admin/support/requests/:id/answered',
  'POST /api/identity/admin/support/requests/:id/reply',
  'POST /api/identity/admin/outbox/:id/retry',
];
const USER = { email: 'fuzz-user@example.org', password: 'fuzz-amber-glacier-16' };
const INTERNAL = 'the-fuzz-suite-internal-token-32-chars';
const targets = await databaseTargets();

describe.each(targets)('identity routes under generated hostile requests on $kind', (target) => {
  // Nothing listens on port 9: the newsletter's plan and digest lookups fail fast, as when billing is down.
  const ctx = identityForSuite(target, { INTERNAL_API_TOKEN: INTERNAL, BILLING_URL: 'http://127.0.0.1:9', DECODER_URL: 'http://127.0.0.1:9' });
  let user = '';
  let userId = '';
  let leaver = '';
  let deleter = '';
  let admin = '';
  let victim = '';
  beforeAll(async () => {
    const signed = await signUp(ctx.app, USER.email, USER.password);
    user = signed.token;
    userId = signed.user.id;
    // Signing out everywhere ends every session of the caller: that route gets an account of its own.
    leaver = (await signUp(ctx.app, 'fuzz-leaver@example.org')).token;
    // Deleting an account ends it: that route gets one of its own too (the first body that gets through deletes it).
    deleter = (await signUp(ctx.app, 'fuzz-deleter@example.org', USER.password)).token;
    victim = (await signUp(ctx.app, 'fuzz-victim@example.org')).user.id;
    admin = (await signIn(ctx.app, ADMIN.email, ADMIN.password)).token;
  });

  it(
    'answers every one below 500, refusals in our error shape, nothing leaked, and nobody promoted',
    async () => {
      const report = await fuzzRoutes(ctx.app, {
        bodies: {
          'POST /api/waitlist': { email: 'waiting@example.org' },
          'POST /api/bias-auth/register': { email: 'fuzz-new@example.org', password: 'fuzz-amber-glacier-16' },
          'POST /api/bias-auth/login': USER,
          'POST /api/auth/admin/login': ADMIN,
          'POST /api/bias-auth/validate-token': { token: user },
          'POST /internal/identity/sessions/check': { tokens: [user, user] },
          // The same password again: a body that gets through changes nothing the other routes rely on.
          'POST /api/auth/change-password': { current_password: USER.password, new_password: USER.password },
          'POST /api/auth/delete-account': { password: USER.password },
          'POST /api/auth/verify-email': { token: 'a-token-from-a-verification-link' },
          'POST /api/auth/verify-email/resend': {},
          // Links by mail (issue 27): requests for them, and tokens no link ever carried.
          'POST /api/auth/password-reset/request': { email: USER.email },
          'POST /api/auth/password-reset': { token: 'A'.repeat(43), new_password: 'fuzz-copper-lantern-88' },
          'POST /api/auth/password-reset/check': { token: 'A'.repeat(43) },
          'POST /api/auth/unlock/request': { email: USER.email, next: '/admin' },
          'POST /api/auth/unlock': { token: 'B'.repeat(43) },
          'POST /api/auth/email-change': { new_email: 'fuzz-elsewhere@example.org', password: USER.password },
          'POST /api/auth/email-change/confirm': { token: 'C'.repeat(43) },
          'PATCH /api/profiles/me': { username: 'fuzz', avatar_url: 'https://example.org/a.png', website: 'https://example.org' },
          'PATCH /api/identity/admin/users/:id': { role: 'user', disabled: false },
          'POST /api/identity/admin/users/:id/unlock': {},
          // The victim's own address: the first admin body that gets through deletes it, and later ones find no account.
          'POST /api/identity/admin/users/:id/delete': { confirm_email: 'fuzz-victim@example.org' },
          // The daily newsletter (issue 28): billing and the decoder are not running here, so plans are unknown.
          'PUT /api/identity/newsletter/subscription': { subscribed: true },
          'POST /api/identity/newsletter/unsubscribe': {},
          'POST /api/identity/admin/newsletter/issues': { day: '2099-01-01', subject: 'Fuzz', body: '# Fuzz\n\n**body**', format: 'markdown' },
          'PUT /api/identity/admin/newsletter/issues/:id': { day: '2099-01-02', subject: 'Fuzz', body: 'body', format: 'text' },
          'POST /api/identity/admin/newsletter/run': {},
          // Support requests: billing is not running here, so each is kept as priority with no plan named.
          'POST /api/identity/support/requests': { subject: 'Fuzz', message: 'A fuzzed support request' },
          'POST /api/identity/admin/support/requests/:id/answered': {},
          // The id is an account's, not a request's: the reply is refused 404 once the body passes.
          'POST /api/identity/admin/support/requests/:id/reply': { reply: 'A fuzzed answer' },
          // The id is an account's, not a message's: refused 404 once the path passes.
          'POST /api/identity/admin/outbox/:id/retry': {},
        },
        params: () => ({ id: victim }),
        callers: (route): FuzzCallers => {
          if (route.key === 'POST /api/auth/logout-all') return { guest: {}, user: bearer(leaver) };
          if (route.key === 'POST /api/auth/delete-account') return { guest: {}, user: bearer(deleter) };
          if (route.path.startsWith('/internal/')) return { guest: {}, user: bearer(user), service: { 'x-keisha-internal-token': INTERNAL } };
          if (route.path.startsWith('/api/identity/admin/')) return { guest: {}, user: bearer(user), admin: bearer(admin) };
          return { guest: {}, user: bearer(user) };
        },
      });
      expectCleanFuzz(report, ROUTES);

      // `__proto__: {role: "admin"}` and the like reached no account.
      const roles = await ctx.database.db.selectFrom('users').select(['id', 'email', 'role']).execute();
      expect(roles.find((row) => row.id === userId)?.role).toBe('user');
      for (const row of roles) if (row.email !== ADMIN.email && row.id !== victim) expect(row.role).toBe('user');
      // Whatever was stored is a normalised address.
      for (const { email } of roles) expect(email).toMatch(/^[^\s<>A-Z]+@[^\s<>A-Z]+\.[a-z]+$/);
    },
    fuzzTimeoutMs(ROUTES.length),
  );
});
