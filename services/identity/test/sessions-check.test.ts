// The services' sessions check: many readers' tokens in one request, each answered as `me` would
// answer it, and a batch holding a token whose signature does not verify refused whole.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { ADMIN, bearer, restoreAdmin, signIn, signUp, identityForSuite } from './helpers.ts';
import { craftJwt, foreignEd25519Pem } from './jwt-forge.ts';

const targets = await databaseTargets();
const PATH = '/internal/identity/sessions/check';
const INTERNAL = 'a-sessions-check-internal-token-of-32-chars';

describe.each(targets)('the sessions check on $kind', (target) => {
  const ctx = identityForSuite(target, { INTERNAL_API_TOKEN: INTERNAL });
  // Read before the tables are emptied: the running app keeps signing with it.
  let key: { kid: string; private_key_pem: string };
  beforeAll(async () => {
    key = await ctx.database.db.selectFrom('signing_keys').select(['kid', 'private_key_pem']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  });
  beforeEach(async () => {
    await ctx.database.truncateAll();
    await restoreAdmin(ctx);
  });

  const check = (tokens: unknown, internalToken: string | null = INTERNAL) =>
    ctx.app.inject({ method: 'POST', url: PATH, payload: { tokens }, headers: internalToken === null ? {} : { 'x-keisha-internal-token': internalToken } });

  it('answers only our services: without the internal token, or with another, nothing is checked', async () => {
    const live = await signUp(ctx.app, 'caller@example.org');
    for (const token of [null, 'not-the-internal-token-but-32-chars-long']) {
      const refused = await check([live.token], token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED', message: 'Internal token required' } });
    }
    expect((await check([live.token])).json()).toMatchObject({ success: true, sessions: [{ ok: true }] });
  });


  it('answers each token in order as `me` would: standing, signed out, disabled, expired', async () => {
    const live = await signUp(ctx.app, 'live@example.org');
    const signedOut = await signUp(ctx.app, 'gone@example.org');
    const disabled = await signUp(ctx.app, 'disabled@example.org');
    const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { keisha_refresh: signedOut.cookie } })).statusCode).toBe(200);
    const patched = await ctx.app.inject({ method: 'PATCH', url: `/api/identity/admin/users/${disabled.user.id}`, headers: bearer(admin.token), payload: { disabled: true } });
    expect(patched.statusCode).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const expired = craftJwt(
      { alg: 'EdDSA', kid: key.kid, typ: 'JWT' },
      { sub: live.user.id, email: 'live@example.org', role: 'user', sid: crypto.randomUUID(), iss: 'keisha-identity', aud: 'keisha', iat: now - 3600, exp: now - 60 },
      key.private_key_pem,
    );

    const response = await check([live.token, signedOut.token, disabled.token, admin.token, expired, live.token]);
    expect(response.statusCode).toBe(200);
    const ended = { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' };
    expect(response.json()).toEqual({
      success: true,
      sessions: [
        { ok: true, user: { id: live.user.id, role: 'user' } },
        ended,
        { ok: false, status: 403, code: expect.any(String), message: expect.any(String) },
        { ok: true, user: { id: admin.user.id, role: 'admin' } },
        { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Your session has expired. Please sign in again.' },
        { ok: true, user: { id: live.user.id, role: 'user' } },
      ],
    });
    // The same verdicts as `me`, one token at a time.
    const me = (token: string) => ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect((await me(live.token)).statusCode).toBe(200);
    expect((await me(signedOut.token)).json().error).toEqual({ code: ended.code, message: ended.message });
    const disabledMe = await me(disabled.token);
    expect(disabledMe.statusCode).toBe(403);
    expect(response.json().sessions[2]).toMatchObject(disabledMe.json().error);
  });

  it('refuses the whole batch when one token’s signature does not verify', async () => {
    const live = await signUp(ctx.app, 'live@example.org');
    const now = Math.floor(Date.now() / 1000);
    const forged = craftJwt(
      { alg: 'EdDSA', kid: key.kid, typ: 'JWT' },
      { sub: live.user.id, email: 'live@example.org', role: 'admin', sid: crypto.randomUUID(), iss: 'keisha-identity', aud: 'keisha', iat: now, exp: now + 600 },
      foreignEd25519Pem(),
    );
    const response = await check([live.token, forged]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    expect((await check([live.token, 'not.a.token'])).statusCode).toBe(401);
  });

  it('refuses a malformed body with 400: no tokens, too many, not tokens, unknown shapes', async () => {
    const live = await signUp(ctx.app, 'live@example.org');
    for (const tokens of [[], Array(101).fill(live.token), ['has space'], [42], 'one', null]) {
      const response = await check(tokens);
      expect(response.statusCode, JSON.stringify(tokens).slice(0, 40)).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'POST', url: PATH, payload: {}, headers: { 'x-keisha-internal-token': INTERNAL } })).statusCode).toBe(400);
    expect((await check(Array(100).fill(live.token))).statusCode).toBe(200);
  });
});
