import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, closeTestApps } from '@keisha/service-kit/testing';
import { ADMIN, bearer, fromGrant, restoreAdmin, signIn, signUp, startIdentity, type TestContext, identityForSuite } from './helpers.ts';

const targets = await databaseTargets();

describe.each(targets)('accounts and sessions on $kind', (target) => {
  const ctx = identityForSuite(target);
  beforeEach(async () => {
    await ctx.database.truncateAll();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, cookies });
  const refresh = (cookie: string) => post('/api/auth/refresh', {}, {}, { keisha_refresh: cookie });

  it('registers with the spec’s shape, sets an HttpOnly refresh cookie, and normalises the address', async () => {
    const response = await post('/api/bias-auth/register', { email: '  Ada@Example.ORG ', password: 'maple-orbit-velvet-37' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      user: { email: 'ada@example.org', role: 'user' },
      token: expect.stringMatching(/^ey/),
      expires_in: 900,
    });
    const cookie = response.cookies.find((c) => c.name === 'keisha_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // Its readable companion says only that a session exists, so a guest's page never calls refresh.
    const hint = response.cookies.find((c) => c.name === 'keisha_session')!;
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/', maxAge: cookie.maxAge });
    expect(hint.httpOnly).toBeFalsy();
    const stored = await ctx.database.db.selectFrom('users').select(['email', 'password_hash']).executeTakeFirstOrThrow();
    expect(stored.email).toBe('ada@example.org');
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    // The refresh token is stored only as a hash.
    const token = await ctx.database.db.selectFrom('refresh_tokens').select('token_hash').executeTakeFirstOrThrow();
    expect(cookie.value).not.toContain(token.token_hash);
  });

  it('refuses a second account for the same address in any case or spacing (409)', async () => {
    await signUp(ctx.app, 'a@x.io');
    const again = await post('/api/bias-auth/register', { email: 'A@x.io ', password: 'amber-glacier-piano-16' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'ACCOUNT_EXISTS', message: 'An account with this email already exists' });
  });

  it('creates exactly one account under 10 concurrent registrations of one address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/bias-auth/register', { email: 'race@x.io', password: 'maple-orbit-velvet-37' })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it.each([
    [{ email: 'a@x.io', password: '12345' }, 'Password must be at least 6 characters long'],
    [{ email: 'a@x.io', password: '' }, 'Password is required'],
    [{ email: '', password: 'maple-orbit-velvet-37' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'maple-orbit-velvet-37' }, 'Please enter a valid email address'],
  ])('validates registration %j with the spec message', async (body, message) => {
    const response = await post('/api/bias-auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', message });
  });

  it('signs in with the normalised address and refuses a wrong password with 401 "invalid"', async () => {
    await signUp(ctx.app, 'b@x.io', 'pale-harbor-signal-58');
    expect((await post('/api/bias-auth/login', { email: ' B@X.io', password: 'pale-harbor-signal-58' })).statusCode).toBe(200);
    const wrong = await post('/api/bias-auth/login', { email: 'b@x.io', password: 'wrong-one' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toMatch(/invalid/i);
    const nobody = await post('/api/bias-auth/login', { email: 'nobody@x.io', password: 'whatever' });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().error).toEqual(wrong.json().error); // no hint whether the account exists
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const login = (email: string, password: string, address: string, url = '/api/bias-auth/login') => post(url, { email, password }, from(address));

  it('refuses an address after 5 failures on an account (429), even with the right password; the owner elsewhere and other accounts still sign in', async () => {
    await signUp(ctx.app, 'c@x.io', 'pale-harbor-signal-58');
    await signUp(ctx.app, 'd@x.io', 'pale-harbor-signal-58');
    for (let i = 0; i < 5; i++) expect((await login('c@x.io', 'nope', '198.51.100.1')).statusCode).toBe(401);
    const locked = await login('c@x.io', 'pale-harbor-signal-58', '198.51.100.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Too many login attempts. Please wait a few minutes before trying again.');
    expect((await login('c@x.io', 'pale-harbor-signal-58', '203.0.113.9')).statusCode).toBe(200);
    expect((await login('d@x.io', 'pale-harbor-signal-58', '198.51.100.1')).statusCode).toBe(200);
  });

  it('cannot lock the administrator out from elsewhere: failures from many addresses leave the owner’s known address working', async () => {
    await restoreAdmin(ctx);
    expect((await login(ADMIN.email, ADMIN.password, '192.0.2.10', '/api/auth/admin/login')).statusCode).toBe(200);
    // An attacker spreads 60 wrong passwords over 20 addresses: past the account-wide limit (50).
    for (let i = 0; i < 60; i++) expect([401, 429]).toContain((await login(ADMIN.email, 'guess', `198.51.100.${i % 20}`, '/api/auth/admin/login')).statusCode);
    expect((await login(ADMIN.email, ADMIN.password, '192.0.2.10', '/api/auth/admin/login')).statusCode).toBe(200);
    // A stranger's address is refused now, even with the right password...
    expect((await login(ADMIN.email, ADMIN.password, '203.0.113.50', '/api/auth/admin/login')).statusCode).toBe(429);
  });

  it('lets an administrator unlock an account, and nobody else', async () => {
    await restoreAdmin(ctx);
    const owner = await signUp(ctx.app, 'locked@x.io', 'pale-harbor-signal-58');
    for (let i = 0; i < 5; i++) await login('locked@x.io', 'nope', '198.51.100.7');
    expect((await login('locked@x.io', 'pale-harbor-signal-58', '198.51.100.7')).statusCode).toBe(429);
    const unlockUrl = `/api/identity/admin/users/${owner.user.id}/unlock`;
    expect((await post(unlockUrl, {}, bearer(owner.token))).statusCode).toBe(403);
    const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password, '/api/auth/admin/login');
    const unlocked = await post(unlockUrl, {}, bearer(admin.token));
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ success: true });
    expect((await login('locked@x.io', 'pale-harbor-signal-58', '198.51.100.7')).statusCode).toBe(200);
    expect((await post('/api/identity/admin/users/00000000-0000-4000-8000-000000000000/unlock', {}, bearer(admin.token))).statusCode).toBe(404);
  });

  it('rotates the refresh token, and a replay of the old one ends the whole session', async () => {
    const first = await signUp(ctx.app, 'e@x.io');
    const rotated = await refresh(first.cookie);
    expect(rotated.statusCode).toBe(200);
    const second = fromGrant(rotated);
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.token).toMatch(/^ey/);

    const replay = await refresh(first.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('SESSION_EXPIRED');
    // The thief's replay also ended the legitimate holder's newer token.
    expect((await refresh(second.cookie)).statusCode).toBe(401);
  });

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const session = await signUp(ctx.app, 'f@x.io');
    const results = await Promise.all([refresh(session.cookie), refresh(session.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it.each(['', 'garbage', '00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'])(
    'refuses a refresh with cookie %j',
    async (cookie) => {
      const response = await refresh(cookie);
      expect(response.statusCode).toBe(401);
      // Both cookies are cleared, so the page stops asking.
      const cleared = response.cookies.filter((c) => c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()));
      expect(cleared.map((c) => c.name).sort()).toEqual(['keisha_refresh', 'keisha_session']);
    },
  );

  it('logout ends this device only; logout-all ends every device and refuses older access tokens', async () => {
    await signUp(ctx.app, 'g@x.io', 'maple-orbit-velvet-37');
    const phone = await signIn(ctx.app, 'g@x.io', 'maple-orbit-velvet-37');
    const laptop = await signIn(ctx.app, 'g@x.io', 'maple-orbit-velvet-37');
    const loggedOut = await post('/api/auth/logout', {}, {}, { keisha_refresh: phone.cookie });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.cookies.find((c) => c.name === 'keisha_session')?.value).toBe('');
    expect((await refresh(phone.cookie)).statusCode).toBe(401);
    const laptopNext = fromGrant(await refresh(laptop.cookie));

    await new Promise((resolve) => setTimeout(resolve, 1100)); // tokens carry whole seconds
    expect((await post('/api/auth/logout-all', {}, bearer(laptopNext.token))).statusCode).toBe(200);
    expect((await refresh(laptopNext.cookie)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(laptopNext.token) })).statusCode).toBe(401);
  });

  it('changes the password, keeps this device and signs out the others', async () => {
    await signUp(ctx.app, 'h@x.io', 'silver-tundra-kettle-73');
    const here = await signIn(ctx.app, 'h@x.io', 'silver-tundra-kettle-73');
    const elsewhere = await signIn(ctx.app, 'h@x.io', 'silver-tundra-kettle-73');
    const wrong = await post('/api/auth/change-password', { current_password: 'not-it', new_password: 'copper-meadow-riddle-85' }, bearer(here.token));
    expect(wrong.statusCode).toBe(401);
    const short = await post('/api/auth/change-password', { current_password: 'silver-tundra-kettle-73', new_password: '123' }, bearer(here.token));
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');
    const changed = await post('/api/auth/change-password', { current_password: 'silver-tundra-kettle-73', new_password: 'copper-meadow-riddle-85' }, bearer(here.token));
    expect(changed.statusCode).toBe(200);
    expect((await refresh(elsewhere.cookie)).statusCode).toBe(401);
    expect((await refresh(here.cookie)).statusCode).toBe(200);
    expect((await post('/api/bias-auth/login', { email: 'h@x.io', password: 'silver-tundra-kettle-73' })).statusCode).toBe(401);
    expect((await post('/api/bias-auth/login', { email: 'h@x.io', password: 'copper-meadow-riddle-85' })).statusCode).toBe(200);
  });

  it('admin sign-in refuses a non-admin account and admits the admin', async () => {
    await restoreAdmin(ctx);
    await signUp(ctx.app, 'i@x.io', 'maple-orbit-velvet-37');
    const notAdmin = await post('/api/auth/admin/login', { email: 'i@x.io', password: 'maple-orbit-velvet-37' });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().error.message).toBe('This account is not an administrator');
    const admin = await post('/api/auth/admin/login', ADMIN);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('admin');
  });

  it('a disabled account cannot sign in or refresh', async () => {
    await restoreAdmin(ctx);
    const user = await signUp(ctx.app, 'j@x.io', 'maple-orbit-velvet-37');
    const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password);
    await ctx.app.inject({ method: 'PATCH', url: `/api/identity/admin/users/${user.user.id}`, headers: bearer(admin.token), payload: { disabled: true } });
    expect((await post('/api/bias-auth/login', { email: 'j@x.io', password: 'maple-orbit-velvet-37' })).statusCode).toBe(403);
    expect((await refresh(user.cookie)).statusCode).toBe(401);
  });

  it('searches and pages users, and exports the waitlist as safe CSV', async () => {
    await restoreAdmin(ctx);
    for (const name of ['amy', 'ann', 'bob', 'a_b']) await signUp(ctx.app, `${name}@x.io`);
    const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password);
    const page = await ctx.app.inject({ url: '/api/identity/admin/users?q=a&page=1&page_size=2', headers: bearer(admin.token) });
    expect(page.json()).toMatchObject({ total: 4, page: 1, page_size: 2 }); // amy, ann, a_b, admin@
    expect(page.json().users).toHaveLength(2);
    const literal = await ctx.app.inject({ url: '/api/identity/admin/users?q=a_b', headers: bearer(admin.token) });
    expect(literal.json().users.map((u: { email: string }) => u.email)).toEqual(['a_b@x.io']);

    await post('/api/waitlist', { email: 'list@x.io' });
    await post('/api/waitlist', { email: '=cmd@x.io' });
    const csv = await ctx.app.inject({ url: '/api/identity/admin/waitlist.csv', headers: bearer(admin.token) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toMatch(/^email,joined_at\r\n/);
    expect(csv.body).toContain('list@x.io');
    expect(csv.body).toContain("'=cmd@x.io");
  });

  it('publishes its public key as JWKS, without private parts', async () => {
    const jwks = (await ctx.app.inject('/.well-known/jwks.json')).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('per-address rate limit on sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startIdentity(targets[0]!, { LOGIN_RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => closeTestApps(ctx));

  it('answers 429 after the limit from one client address, across different accounts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/bias-auth/login', payload: { email: `u${i}@x.io`, password: 'whatever' } });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
