import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import { analyzeResponse } from '@keisha/contracts/decoder/schemas';
import { startDecoder } from './helpers.ts';

const targets = await databaseTargets();
const ARTICLE = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood.';

describe.each(targets)('analysis and quotas on $kind', (target) => {
  let identity: IdentityProcess;
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  beforeAll(async () => {
    identity = await startIdentityProcess();
    ctx = await startDecoder(target, { IDENTITY_URL: identity.url });
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.destroy();
    await identity.stop();
  });
  beforeEach(async () => {
    await ctx.database.db.deleteFrom('usage_counters').execute();
    await ctx.database.db.deleteFrom('reader_days').execute();
  });

  const analyze = (payload: unknown, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', payload: payload as object, headers, cookies });

  it('returns the spec’s shape with spans that point at the text, and counts the use', async () => {
    const token = await identity.tokenFor('user');
    const response = await analyze({ text: ARTICLE, time_zone: 'America/Chicago' }, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, translation: { text: expect.any(String) }, usage: { daily_count: 1, limit: 3, remaining: 2, subscription_tier: 'free' } });
    // The body is written without the zod serializer: it must be exactly what that serializer would write.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe(JSON.stringify(analyzeResponse.encode(body)));
    const kept = await ctx.database.db.selectFrom('analyses').select('result').where('title', '=', ARTICLE.slice(0, ARTICLE.lastIndexOf(' ', 80)) + '…').execute();
    expect(JSON.parse(kept.at(-1)!.result)).toEqual({ analysis: body.analysis, translation: body.translation });
    expect(body.analysis.score).toBeGreaterThanOrEqual(0);
    expect(body.analysis.score).toBeLessThanOrEqual(100);
    for (const term of body.analysis.detected_terms) {
      for (const span of term.spans) expect(ARTICLE.slice(span.start, span.end).toLowerCase()).toBe(term.term.toLowerCase());
    }
    const usage = await ctx.app.inject({ url: '/api/bias-usage/current?time_zone=America/Chicago', headers: { authorization: `Bearer ${token}` } });
    expect(usage.json().usage).toMatchObject({ daily_count: 1, remaining: 2 });
  });

  it('answers at the alias path too', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/chatgpt-bias-analysis', payload: { text: ARTICLE } });
    expect(response.statusCode).toBe(200);
  });

  it('lets exactly 3 of 100 concurrent analyses by one free user through', async () => {
    const token = await identity.tokenFor('user');
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => analyze({ text: ARTICLE }, { authorization: `Bearer ${token}` })),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(3);
    expect(limited).toHaveLength(97);
    expect(limited[0]!.json()).toMatchObject({ error: { code: 'USAGE_LIMIT_EXCEEDED', message: 'Daily usage limit exceeded' }, usage: { hasReachedLimit: true } });
  }, 60_000);

  it('takes a use and keeps a history entry for every one of 60 concurrent analyses on an unlimited plan', async () => {
    const unlimited = await startDecoder(target, { IDENTITY_URL: identity.url, DEFAULT_ACCOUNT_TIER: 'annual' });
    try {
      const token = await identity.tokenFor('user');
      const me = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          unlimited.app.inject({ method: 'POST', url: '/api/bias-analysis', payload: { text: `${ARTICLE} (${i})` }, headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
      // Each answer's count is its own place in the day, whatever batch it was written in.
      const counts = responses.map((r) => r.json().usage.daily_count as number).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      const kept = await unlimited.database.db.selectFrom('analyses').select('text').where('user_id', '=', me).execute();
      expect(kept.map((row: { text: string }) => row.text).sort()).toEqual(Array.from({ length: 60 }, (_, i) => `${ARTICLE} (${i})`).sort());
    } finally {
      await unlimited.app.close();
    }
  }, 60_000);

  it('gives at most the day’s allowance to a reader who changes time zone on every request', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are always on different dates: each request names a new "day".
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'Asia/Tokyo', 'America/Chicago', 'Pacific/Honolulu'];
    const token = await identity.tokenFor('user');
    const signedIn = [];
    for (let i = 0; i < 12; i++) signedIn.push((await analyze({ text: ARTICLE, time_zone: zones[i % zones.length] }, { authorization: `Bearer ${token}` })).statusCode);
    expect(signedIn.filter((status) => status === 200)).toHaveLength(3);
    const guest = [];
    for (let i = 0; i < 12; i++) guest.push((await analyze({ text: ARTICLE, time_zone: zones[i % zones.length] }, { 'x-forwarded-for': '203.0.113.77' })).statusCode);
    expect(guest.filter((status) => status === 200)).toHaveLength(3);
    // The count a browser is shown does not change with the zone it names either.
    for (const zone of zones) {
      const usage = await ctx.app.inject({ url: `/api/bias-usage/current?time_zone=${encodeURIComponent(zone)}`, headers: { authorization: `Bearer ${token}` } });
      expect(usage.json().usage).toMatchObject({ daily_count: 3, remaining: 0 });
    }
  });

  it('limits a guest by device cookie and by address: clearing cookies does not reset the count', async () => {
    const first = await analyze({ text: ARTICLE });
    const device = first.cookies.find((c) => c.name === 'keisha_device')!;
    expect(device).toMatchObject({ httpOnly: true, path: '/api' });
    expect(first.json().usage).toMatchObject({ subscription_tier: 'guest', daily_count: 1 });
    await analyze({ text: ARTICLE }, {}, { keisha_device: device.value });
    await analyze({ text: ARTICLE }, {}, { keisha_device: device.value });
    expect((await analyze({ text: ARTICLE }, {}, { keisha_device: device.value })).statusCode).toBe(429);
    // Same address, no cookie (cleared): still refused.
    expect((await analyze({ text: ARTICLE })).statusCode).toBe(429);
    // A forged cookie is no way around it either.
    expect((await analyze({ text: ARTICLE }, {}, { keisha_device: `${crypto.randomUUID()}.${'A'.repeat(43)}` })).statusCode).toBe(429);
  });

  it('counts a guest on IPv6 by the /64: new addresses in it and no cookie give no new allowance', async () => {
    // One home's /64: every request from a new address in it, and never the device cookie back.
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await analyze({ text: ARTICLE }, { 'x-forwarded-for': `2001:db8:77:1:${i.toString(16)}:0:0:${(i * 7).toString(16)}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    // Another /64 is another network.
    expect((await analyze({ text: ARTICLE }, { 'x-forwarded-for': '2001:db8:77:2::1' })).statusCode).toBe(200);
  });

  it('refuses a signed-in reader’s text with nothing to analyse at both paths, taking no use and storing nothing', async () => {
    const token = await identity.tokenFor('user');
    const me = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const auth = { authorization: `Bearer ${token}` };
    for (const url of ['/api/bias-analysis', '/api/chatgpt-bias-analysis']) {
      for (const text of ['\u200b\u200b\u200b', '...', '\u{1F642}', '\u202e', '\u2800\u2800', ' \u200b\u00a0\ufeff ']) {
        const response = await ctx.app.inject({ method: 'POST', url, payload: { text }, headers: auth });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe('Please paste an article text to analyze.');
      }
    }
    expect(await ctx.database.db.selectFrom('usage_counters').selectAll().execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('analyses').select('id').where('user_id', '=', me).execute()).toEqual([]);
    const usage = await ctx.app.inject({ url: '/api/bias-usage/current', headers: auth });
    expect(usage.json().usage).toMatchObject({ daily_count: 0, remaining: 3 });
    // An article behind an invisible character is still an article.
    const article = await analyze({ text: `\u200b${ARTICLE}` }, auth);
    expect(article.statusCode).toBe(200);
    expect(article.json().usage).toMatchObject({ daily_count: 1, remaining: 2 });
  });

  it('refuses a bad token with 401 rather than treating the caller as a guest', async () => {
    expect((await analyze({ text: ARTICLE }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it.each([
    ['empty', { text: '' }, 400, 'Please paste an article text to analyze.'],
    ['blank', { text: ' \n\t ' }, 400, 'Please paste an article text to analyze.'],
    // Nothing for the analyzer to read (no letter or digit): refused like blank text, not analysed and charged.
    ['zero-width spaces', { text: '\u200b\u200b\u200b' }, 400, 'Please paste an article text to analyze.'],
    ['dots', { text: '...' }, 400, 'Please paste an article text to analyze.'],
    ['an emoji', { text: '\u{1F642}' }, 400, 'Please paste an article text to analyze.'],
    ['a right-to-left override', { text: '\u202e' }, 400, 'Please paste an article text to analyze.'],
    ['braille blanks', { text: '\u2800\u2800' }, 400, 'Please paste an article text to analyze.'],
    ['missing', {}, 400, 'Please paste an article text to analyze.'],
    ['a number', { text: 42 }, 400, 'Please paste an article text to analyze.'],
    ['too long', { text: 'word '.repeat(50_000) }, 400, 'The article is too long: at most 200,000 characters.'],
    ['an unknown time zone', { text: 'x', time_zone: 'Mars/Base' }, 400, 'Unknown time zone'],
  ])('answers %s with %i and a message, using no quota', async (_label, body, status, message) => {
    const response = await analyze(body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await ctx.database.db.selectFrom('usage_counters').selectAll().execute()).toEqual([]);
  });

  it('refuses binary data as an invalid article', async () => {
    // A zip's header then control bytes: with no letter at all it would be refused as having nothing to analyse.
    const binary = 'PK' + String.fromCharCode(...Array.from({ length: 400 }, (_, i) => (i * 7) % 31 + 1));
    const response = await analyze({ text: binary });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_ARTICLE');
  });

  it('answers a 1 MB body with 413', async () => {
    const response = await analyze({ text: 'x'.repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
  });

  it('treats HTML and script as text', async () => {
    const text = '<script>alert("x")</script> <img src=x onerror=alert(1)> The inner-city <b>thugs</b> story.';
    const response = await analyze({ text });
    expect(response.statusCode).toBe(200);
    for (const term of response.json().analysis.detected_terms) {
      for (const span of term.spans) expect(text.slice(span.start, span.end).toLowerCase()).toBe(term.term.toLowerCase());
    }
  });

  it('gives the use back when the engine fails', async () => {
    const failing = await startDecoder(target, { IDENTITY_URL: identity.url }, async () => {
      throw new Error('engine down');
    });
    try {
      const response = await failing.app.inject({ method: 'POST', url: '/api/bias-analysis', payload: { text: ARTICLE } });
      expect(response.statusCode).toBe(503);
      const rows = await failing.database.db.selectFrom('usage_counters').select('used').execute();
      expect(rows.every((row: { used: number }) => row.used === 0)).toBe(true);
    } finally {
      await failing.app.close();
    }
  });

  it('refuses a lone UTF-16 surrogate with 400 in our error shape, and spends no use', async () => {
    const token = await identity.tokenFor('user');
    const payload = JSON.stringify({ text: ARTICLE }).replace('Officials', 'a \\ud800 b');
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', payload, headers: { ...headers, 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION', message: expect.stringContaining('surrogate') } });
    }
    expect(await ctx.database.db.selectFrom('usage_counters').selectAll().execute()).toEqual([]);
  });

  it('gives the use back when the history cannot be saved', async () => {
    const token = await identity.tokenFor('user');
    // NOT VALID: rows of earlier tests stay; every new row is refused, as a full disk or a lost connection would.
    await sql`ALTER TABLE analyses ADD CONSTRAINT analyses_fail_for_test CHECK (false) NOT VALID`.execute(ctx.database.db);
    try {
      const response = await analyze({ text: ARTICLE }, { authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(503);
      const rows = await ctx.database.db.selectFrom('usage_counters').select('used').execute();
      expect(rows.every((row: { used: number }) => row.used === 0)).toBe(true);
    } finally {
      await ctx.database.db.schema.alterTable('analyses').dropConstraint('analyses_fail_for_test').execute();
    }
  });

  it('answers JSON nested 5,000 deep with 400 in our error shape', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/analytics/track', payload: `{"event":"paywall_shown","properties":{"a":${deep}}}`, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION', message: expect.stringContaining('nested too deeply') } });
  });

  it('stores analytics events and refuses malformed ones with a 400', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/analytics/track', payload: { event: 'paywall_shown', properties: { url: '/bias-detection' } } });
    expect(ok.statusCode).toBe(202);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/analytics/track', payload: { event: '<script>', properties: {} } });
    expect(bad.statusCode).toBe(400);
    const huge = await ctx.app.inject({ method: 'POST', url: '/api/analytics/track', payload: { event: 'x', properties: { blob: 'y'.repeat(9000) } } });
    expect(huge.statusCode).toBe(400);
  });

  it('reports today’s usage per account to administrators only', async () => {
    const token = await identity.tokenFor('user', 'counted@example.org');
    await analyze({ text: ARTICLE, time_zone: 'UTC' }, { authorization: `Bearer ${token}` });
    const me = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const url = `/api/decoder/admin/usage?user_ids=${me}`;
    expect((await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    const admin = await ctx.app.inject({ url, headers: { authorization: `Bearer ${await identity.tokenFor('admin')}` } });
    expect(admin.json().usage[me]).toEqual({ decoder_today: 1, chat_today: null });
  });
});
