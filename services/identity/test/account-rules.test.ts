import { beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { ADMIN, bearer, restoreAdmin, signIn, signUp, identityForSuite } from './helpers.ts';

const targets = await databaseTargets();
const STRONG = 'correct-horse-battery-staple-42';

describe.each(targets)('passwords, address form and sign-up caps on $kind', (target) => {
  const ctx = identityForSuite(target, { REGISTER_DAILY_LIMIT_PER_ADDRESS: '3' });
  beforeEach(async () => {
    await ctx.database.truncateAll();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it.each(['password', '12345678', 'Password1', 'keisha2026', 'weak@example.org', 'qwertyuiop'])(
    'refuses %s at registration with a reason (400 WEAK_PASSWORD)',
    async (password) => {
      const response = await post('/api/bias-auth/register', { email: 'weak@example.org', password });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('WEAK_PASSWORD');
      expect(response.json().error.message).toMatch(/\w+.*\./);
      expect(await ctx.database.db.selectFrom('users').select('id').where('email', '=', 'weak@example.org').executeTakeFirst()).toBeUndefined();
    },
  );

  it('says why: too short, too common, or the address itself', async () => {
    const short = await post('/api/bias-auth/register', { email: 'weak@example.org', password: 'k9!xQ2' });
    expect(short.json().error.message).toBe('Password must be at least 8 characters long.');
    const common = await post('/api/bias-auth/register', { email: 'weak@example.org', password: 'password' });
    expect(common.json().error.message).toContain('heavily used password');
    const own = await post('/api/bias-auth/register', { email: 'weak@example.org', password: 'WEAK@example.org' });
    expect(own.json().error.message).toContain('contains your email address');
  });

  it('accepts a passphrase and a random-looking string, with no composition rule', async () => {
    expect((await post('/api/bias-auth/register', { email: 'p1@example.org', password: 'correct horse battery staple' })).statusCode).toBe(201);
    expect((await post('/api/bias-auth/register', { email: 'p2@example.org', password: 'ad8fj2k9qzm' })).statusCode).toBe(201);
  });

  it('refuses a weak new password at password change, and keeps the old one', async () => {
    const session = await signUp(ctx.app, 'change@example.org', STRONG);
    const weak = await post('/api/auth/change-password', { current_password: STRONG, new_password: 'Password1' }, bearer(session.token));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    expect((await signIn(ctx.app, 'change@example.org', STRONG)).token).toMatch(/^ey/);
  });

  it('stores a full-width address in its plain form: it collides with, and signs in as, the plain one', async () => {
    const fullWidth = await post('/api/bias-auth/register', { email: 'ｋｅｉｓｈａ@example.org', password: STRONG });
    expect(fullWidth.statusCode).toBe(201);
    expect(fullWidth.json().user.email).toBe('keisha@example.org');
    const twin = await post('/api/bias-auth/register', { email: 'Keisha@Example.org', password: 'amber-glacier-piano-16' });
    expect(twin.statusCode).toBe(409);
    const plainFirst = await post('/api/bias-auth/register', { email: 'ＡＤＡ@ＥＸＡＭＰＬＥ.ORG', password: STRONG });
    expect(plainFirst.json().user.email).toBe('ada@example.org');
    expect((await signIn(ctx.app, 'keisha@example.org', STRONG)).user.email).toBe('keisha@example.org');
    expect((await signIn(ctx.app, ' ｋｅｉｓｈａ@ｅｘａｍｐｌｅ.ｏｒｇ', STRONG)).user.email).toBe('keisha@example.org');
  });

  it('refuses an address with an invisible character at sign-up, as the waitlist does (one rule, in its stored form)', async () => {
    for (const email of ['\u202eevil@b.co', 'kei\u200bsha@example.org', 'keisha@exa\u00admple.org']) {
      const response = await post('/api/bias-auth/register', { email, password: STRONG });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Please enter a valid email address');
    }
    expect(await ctx.database.db.selectFrom('users').select('email').where('email', 'like', '%evil%').execute()).toEqual([]);
  });

  it('keeps one waitlist row for an address and its full-width twin, and finds accounts by a full-width search', async () => {
    const first = await post('/api/waitlist', { email: 'ｗａｉｔ@example.org' });
    expect(first.statusCode).toBeLessThan(300);
    await post('/api/waitlist', { email: 'Wait@example.org' });
    expect(await ctx.database.db.selectFrom('waitlist').select('email').execute()).toEqual([{ email: 'wait@example.org' }]);
    await signUp(ctx.app, 'searched@example.org', STRONG);
    await restoreAdmin(ctx);
    const admin = await signIn(ctx.app, ADMIN.email, ADMIN.password, '/api/auth/admin/login');
    const found = await ctx.app.inject({ method: 'GET', url: `/api/identity/admin/users?q=${encodeURIComponent('ＳＥＡＲＣＨＥＤ')}`, headers: bearer(admin.token) });
    expect(found.json().users.map((u: { email: string }) => u.email)).toEqual(['searched@example.org']);
  });

  it('caps sign-ups per address per day (429 with Retry-After), counted in the database; a taken address does not count', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/api/bias-auth/register', { email: `cap${i}@example.org`, password: STRONG })).statusCode).toBe(201);
    // A 409 gives its count back, a weak password never takes one: neither made an account.
    expect((await post('/api/bias-auth/register', { email: 'cap0@example.org', password: STRONG })).statusCode).toBe(409);
    expect((await post('/api/bias-auth/register', { email: 'cap9@example.org', password: 'password' })).statusCode).toBe(400);
    expect((await post('/api/bias-auth/register', { email: 'cap2@example.org', password: STRONG })).statusCode).toBe(201);
    const capped = await post('/api/bias-auth/register', { email: 'cap3@example.org', password: STRONG });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many accounts have been created from your network today') });
    const retryAfter = Number(capped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    const counted = await ctx.database.db.selectFrom('signups_per_address').select(['address', 'used']).execute();
    expect(counted).toEqual([{ address: '127.0.0.1', used: 3 }]);
    // Another address still signs up, and sign-in is not capped.
    const elsewhere = await ctx.app.inject({ method: 'POST', url: '/api/bias-auth/register', payload: { email: 'cap4@example.org', password: STRONG }, remoteAddress: '203.0.113.9' });
    expect(elsewhere.statusCode).toBe(201);
    expect((await signIn(ctx.app, 'cap1@example.org', STRONG)).user.email).toBe('cap1@example.org');
  });

  it('counts sign-ups from IPv6 by the /64: a new address in the same network is the same network', async () => {
    const from = (remoteAddress: string, i: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/bias-auth/register', payload: { email: `six${i}@example.org`, password: STRONG }, remoteAddress });
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await from(`2001:db8:5:6:${i}::${i * 3}`, i)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect((await from('2001:db8:5:7::1', 6)).statusCode).toBe(201);
    const counted = await ctx.database.db.selectFrom('signups_per_address').select(['address', 'used']).orderBy('address').execute();
    expect(counted).toEqual([
      { address: '2001:db8:5:6::', used: 3 },
      { address: '2001:db8:5:7::', used: 1 },
    ]);
  });

  it('counts concurrent sign-ups from one address exactly (no more than the cap get through)', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/bias-auth/register', { email: `race${i}@example.org`, password: STRONG })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });
});
