import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { ADMIN, bearer, signIn, signUp, identityForSuite } from './helpers.ts';
import { craftJwt, foreignEd25519Pem } from './jwt-forge.ts';

// The authorization matrix: every protected identity route, for every kind of caller.
const targets = await databaseTargets();

type Caller = 'anonymous' | 'user' | 'admin' | 'disabled' | 'expired' | 'foreign-key' | 'alg-none' | 'garbage';

describe.each(targets)('authorization on $kind', (target) => {
  const ctx = identityForSuite(target);
  let counter = 0;
  let victimId = '';

  beforeAll(async () => {
    victimId = (await signUp(ctx.app, 'victim@example.org')).user.id;
  });

  /** An administrator's change to an account (PATCH /api/identity/admin/users/:id). */
  const updateUser = (adminToken: string, userId: string, changes: { role?: string; disabled?: boolean }) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/identity/admin/users/${userId}`, headers: bearer(adminToken), payload: changes });

  /** A fresh caller of the given kind: each cell of the matrix gets its own account. */
  async function headersFor(caller: Caller): Promise<Record<string, string>> {
    const key = await ctx.database.db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const email = `caller${++counter}@example.org`;
    const now = Math.floor(Date.now() / 1000);
    const claimsOf = (id: string) => ({ sub: id, email, role: 'admin', sid: crypto.randomUUID(), iss: 'keisha-identity', aud: 'keisha' });
    switch (caller) {
      case 'anonymous':
        return {};
      case 'garbage':
        return bearer('not-a-token');
      case 'user':
        return bearer((await signUp(ctx.app, email)).token);
      case 'admin':
        return bearer((await signIn(ctx.app, ADMIN.email, ADMIN.password)).token);
      case 'disabled': {
        const user = await signUp(ctx.app, email);
        const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password);
        const response = await updateUser(admin.token, user.user.id, { disabled: true });
        expect(response.statusCode).toBe(200);
        return bearer(user.token);
      }
      case 'expired': {
        const user = await signUp(ctx.app, email);
        return bearer(craftJwt({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' }, { ...claimsOf(user.user.id), role: 'user', iat: now - 3600, exp: now - 60 }, key.private_key_pem));
      }
      case 'foreign-key': {
        // The right kid and claims (even an admin role), signed by someone else's key.
        const user = await signUp(ctx.app, email);
        return bearer(craftJwt({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' }, { ...claimsOf(user.user.id), iat: now, exp: now + 600 }, foreignEd25519Pem()));
      }
      case 'alg-none': {
        const user = await signUp(ctx.app, email);
        return bearer(craftJwt({ alg: 'none', kid: key.kid, typ: 'JWT' }, { ...claimsOf(user.user.id), iat: now, exp: now + 600 }));
      }
    }
  }

  const ROUTES: Array<{ name: string; method: 'GET' | 'POST' | 'PATCH'; url: () => string; payload?: unknown; user: number; admin: number }> = [
    { name: 'me', method: 'GET', url: () => '/api/auth/me', user: 200, admin: 200 },
    { name: 'logout-all', method: 'POST', url: () => '/api/auth/logout-all', payload: {}, user: 200, admin: 200 },
    { name: 'change-password', method: 'POST', url: () => '/api/auth/change-password', payload: { current_password: 'wrong-one', new_password: 'copper-meadow-riddle-85' }, user: 401, admin: 401 },
    { name: 'get profile', method: 'GET', url: () => '/api/profiles/me', user: 200, admin: 200 },
    { name: 'edit profile', method: 'PATCH', url: () => '/api/profiles/me', payload: { username: 'me' }, user: 200, admin: 200 },
    { name: 'admin users', method: 'GET', url: () => '/api/identity/admin/users', user: 403, admin: 200 },
    { name: 'admin change user', method: 'PATCH', url: () => `/api/identity/admin/users/${victimId}`, payload: { role: 'user' }, user: 403, admin: 200 },
    { name: 'admin waitlist', method: 'GET', url: () => '/api/identity/admin/waitlist', user: 403, admin: 200 },
    { name: 'admin waitlist csv', method: 'GET', url: () => '/api/identity/admin/waitlist.csv', user: 403, admin: 200 },
  ];

  const expected = (route: (typeof ROUTES)[number], caller: Caller): number =>
    caller === 'user' ? route.user : caller === 'admin' ? route.admin : caller === 'disabled' ? 403 : 401;

  for (const route of ROUTES) {
    for (const caller of ['anonymous', 'user', 'admin', 'disabled', 'expired', 'foreign-key', 'alg-none', 'garbage'] as const) {
      it(`${route.name} as ${caller} -> ${expected(route, caller)}`, async () => {
        const response = await ctx.app.inject({
          method: route.method,
          url: route.url(),
          headers: await headersFor(caller),
          ...(route.payload === undefined ? {} : { payload: route.payload as object }),
        });
        expect(response.statusCode).toBe(expected(route, caller));
        if (response.statusCode >= 400) expect(response.json()).toMatchObject({ success: false, error: { code: expect.any(String) } });
      });
    }
  }

  it.each([
    ['a valid token', 'user', 200],
    ['a disabled account', 'disabled', 403],
    ['an expired token', 'expired', 401],
    ['a foreign key', 'foreign-key', 401],
    ['alg none', 'alg-none', 401],
    ['garbage', 'garbage', 401],
  ] as const)('validate-token with %s -> %i', async (_label, caller, status) => {
    const headers = await headersFor(caller);
    const token = headers.authorization?.slice('Bearer '.length) ?? '';
    const response = await ctx.app.inject({ method: 'POST', url: '/api/bias-auth/validate-token', payload: { token } });
    expect(response.statusCode).toBe(status);
  });

  it('one user cannot see or change another user’s profile', async () => {
    const alice = await signUp(ctx.app, 'alice-profile@example.org');
    const bob = await signUp(ctx.app, 'bob-profile@example.org');
    await ctx.app.inject({ method: 'PATCH', url: '/api/profiles/me', headers: bearer(alice.token), payload: { username: 'alice', website: 'https://alice.example.org' } });
    const bobs = await ctx.app.inject({ method: 'GET', url: '/api/profiles/me', headers: bearer(bob.token) });
    expect(bobs.json().profile).toEqual({ id: bob.user.id, username: null, avatar_url: null, website: null });
    // An id in the body is not a way in: the profile is always the caller's own.
    const sneaky = await ctx.app.inject({ method: 'PATCH', url: '/api/profiles/me', headers: bearer(bob.token), payload: { id: alice.user.id, username: 'x' } });
    expect(sneaky.statusCode).toBe(400);
    const alices = await ctx.app.inject({ method: 'GET', url: '/api/profiles/me', headers: bearer(alice.token) });
    expect(alices.json().profile).toMatchObject({ username: 'alice', website: 'https://alice.example.org' });
  });

  it('an admin cannot demote or disable themself', async () => {
    const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password);
    const response = await updateUser(admin.token, admin.user.id, { disabled: true });
    expect(response.statusCode).toBe(400);
  });

  it('a demoted admin loses admin access at once, whatever their token says', async () => {
    const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password);
    const other = await signUp(ctx.app, 'second-admin@example.org');
    await updateUser(admin.token, other.user.id, { role: 'admin' });
    const promoted = await signIn(ctx.app, 'second-admin@example.org', 'correct-horse-battery-staple-42');
    expect((await ctx.app.inject({ url: '/api/identity/admin/users', headers: bearer(promoted.token) })).statusCode).toBe(200);
    await updateUser(admin.token, other.user.id, { role: 'user' });
    expect((await ctx.app.inject({ url: '/api/identity/admin/users', headers: bearer(promoted.token) })).statusCode).toBe(403);
  });
});
