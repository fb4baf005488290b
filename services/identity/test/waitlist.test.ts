import { beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { identityForSuite } from './helpers.ts';

const targets = await databaseTargets();

describe.each(targets)('waitlist on $kind', (target) => {
  const ctx = identityForSuite(target);
  beforeEach(async () => {
    await ctx.database.truncateAll();
  });

  const join = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const stored = () => ctx.database.db.selectFrom('waitlist').select('email').execute();

  it('stores a new address, normalised', async () => {
    const response = await join({ email: '  Ada@Example.org ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true });
    expect(await stored()).toEqual([{ email: 'ada@example.org' }]);
  });

  it('answers a join of an address already on the list exactly as a first join: nobody learns who is on it', async () => {
    const first = await join({ email: 'ada@example.org' });
    const again = await join({ email: 'ADA@example.org' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(Object.keys(again.json()).sort()).toEqual(['id', 'success']);
    // A stranger's address already on the list answers like one that is not.
    const stranger = await join({ email: 'someone-else@example.org' });
    expect(stranger.statusCode).toBe(201);
    expect(Object.keys(stranger.json()).sort()).toEqual(['id', 'success']);
    for (const response of [first, again, stranger]) {
      expect(response.body).not.toMatch(/pgCode|23505|duplicate|unique|constraint/i);
    }
    expect(await stored()).toHaveLength(2);
  });

  it('keeps exactly one row under 25 concurrent joins of one address, and answers all of them alike', async () => {
    const responses = await Promise.all(Array.from({ length: 25 }, () => join({ email: 'race@example.org' })));
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    ['empty', { email: '' }],
    ['blank', { email: '    ' }],
    ['10 KB', { email: `${'a'.repeat(10 * 1024)}@example.org` }],
    ['HTML', { email: '<img src=x onerror=alert(1)>@x.io' }],
    ['SQL', { email: "x'); DROP TABLE waitlist;--@x.io" }],
    ['a number', { email: 12345 }],
    ['null', { email: null }],
    ['missing', {}],
    ['an array', { email: ['a@b.io'] }],
    // The admin console's Waitlist page showed this one as "c.b@live".
    ['a right-to-left override', { email: '\u202eevil@b.c' }],
    ['a zero-width space', { email: 'ada\u200b@example.org' }],
    ['a zero-width joiner in the domain', { email: 'ada@exa\u200dmple.org' }],
    ['a byte order mark inside', { email: 'ada\ufeff@example.org' }],
    ['a bidi isolate', { email: 'ada@example.org\u2066' }],
  ])('refuses %s with the validation message and stores nothing', async (_label, body) => {
    const response = await join(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION', message: 'A valid email is required.' } });
    expect(await stored()).toEqual([]);
  });

  it('accepts an internationalised address', async () => {
    const response = await join({ email: 'zoë@exämple.de' });
    expect(response.statusCode).toBe(201);
    expect(await stored()).toEqual([{ email: 'zoë@exämple.de' }]);
  });

  it.each([
    ['not JSON', '{"email": ', 400],
    ['a JSON string', '"ada@example.org"', 400],
  ])('answers a body that is %s with a 4xx', async (_label, raw, status) => {
    const response = await join(raw);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await join('<email>ada@example.org</email>', { 'content-type': 'application/xml' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('answers a plain-text body with 400', async () => {
    const response = await join('ada@example.org', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await join({ email: 'a@b.io', padding: 'x'.repeat(200 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
