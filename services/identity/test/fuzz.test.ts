import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, hostileValues, unparsableBodies } from '@keisha/service-kit/testing';
import { ADMIN, bearer, signIn, signUp, identityForSuite } from './helpers.ts';

// Hostile and malformed values for every body field of every identity route: always a 4xx with a
// message, never a 5xx, and never a change that should not happen.
const HOSTILE = hostileValues({ sample: 'a@x.io', table: 'users', nulByte: 'a\u0000b@x.io' });

const LEGITIMATE: Record<string, string[]> = {
  username: ['null', 'empty', 'unicode', 'HTML', 'SQL'],
  avatar_url: ['null', 'empty'],
  website: ['null', 'empty'],
  disabled: ['a boolean'],
  password: ['unicode', 'HTML', 'SQL'],
  new_password: ['unicode', 'HTML', 'SQL', '60 KB'],
  current_password: [],
};
const isLegitimate = (field: string, label: string) => LEGITIMATE[field]?.includes(label) ?? false;

const targets = await databaseTargets();
const INTERNAL = 'the-fuzz-suite-internal-token-32-chars';

describe.each(targets)('identity under hostile input on $kind', (target) => {
  const ctx = identityForSuite(target, { INTERNAL_API_TOKEN: INTERNAL });
  let userToken = '';
  let adminToken = '';
  let victim = '';
  beforeAll(async () => {
    userToken = (await signUp(ctx.app, 'fuzz-user@example.org', 'fuzz-amber-glacier-16')).token;
    victim = (await signUp(ctx.app, 'fuzz-victim@example.org')).user.id;
    adminToken = (await signIn(ctx.app, ADMIN.email, ADMIN.password)).token;
  });

  const ROUTES = () => [
    { method: 'POST' as const, url: '/api/bias-auth/register', fields: { email: 'new@x.io', password: 'maple-orbit-velvet-37' }, headers: {} },
    { method: 'POST' as const, url: '/api/bias-auth/login', fields: { email: 'fuzz-user@example.org', password: 'fuzz-amber-glacier-16' }, headers: {} },
    { method: 'POST' as const, url: '/api/auth/admin/login', fields: { email: ADMIN.email, password: ADMIN.password }, headers: {} },
    { method: 'POST' as const, url: '/api/bias-auth/validate-token', fields: { token: userToken }, headers: {} },
    { method: 'POST' as const, url: '/internal/identity/sessions/check', fields: { tokens: [userToken] }, headers: { 'x-keisha-internal-token': INTERNAL } },
    { method: 'POST' as const, url: '/api/waitlist', fields: { email: 'w@x.io' }, headers: {} },
    { method: 'POST' as const, url: '/api/auth/change-password', fields: { current_password: 'fuzz-amber-glacier-16', new_password: 'fuzz-amber-glacier-16' }, headers: bearer(userToken) },
    { method: 'PATCH' as const, url: '/api/profiles/me', fields: { username: 'fuzz', avatar_url: 'https://x.io/a.png', website: 'https://x.io' }, headers: bearer(userToken) },
    { method: 'PATCH' as const, url: `/api/identity/admin/users/${victim}`, fields: { role: 'user', disabled: false }, headers: bearer(adminToken) },
  ];

  it('answers every hostile value of every field with a 4xx and a message', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of ROUTES()) {
      for (const field of Object.keys(route.fields)) {
        for (const [label, value] of HOSTILE) {
          const response = await ctx.app.inject({
            method: route.method,
            url: route.url,
            headers: route.headers,
            payload: { ...route.fields, [field]: value },
          });
          checked++;
          const body = response.json();
          const ok = response.statusCode >= 400 && response.statusCode < 500 && typeof body?.error?.message === 'string';
          // Some of these are legitimate values of a field (a username may contain Ω, null clears a
          // URL, true is a valid `disabled`): a 2xx is right for those.
          const acceptable = ok || (response.statusCode < 300 && isLegitimate(field, label));
          if (!acceptable) failures.push(`${route.method} ${route.url} ${field}=${label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(HOSTILE.length * ROUTES().reduce((n, r) => n + Object.keys(r.fields).length, 0));
  }, 180_000);

  it.each([
    ...unparsableBodies('email'),
    ['a prototype-pollution attempt', '{"__proto__":{"role":"admin"},"email":"p@x.io","password":"maple-orbit-velvet-37"}', 'application/json'],
  ])('refuses a register body that is %s without a 5xx', async (_label, payload, type) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/bias-auth/register', headers: { 'content-type': type }, payload });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('stored nothing malformed: every account address is a normalised address', async () => {
    const rows = await ctx.database.db.selectFrom('users').select('email').execute();
    for (const { email } of rows) expect(email).toMatch(/^[^\s<>A-Z]+@[^\s<>A-Z]+\.[a-z]+$/);
    const profiles = await ctx.database.db.selectFrom('profiles').select(['avatar_url', 'website']).execute();
    for (const profile of profiles) {
      for (const url of [profile.avatar_url, profile.website]) if (url) expect(url).toMatch(/^https?:\/\//);
    }
  });
});
