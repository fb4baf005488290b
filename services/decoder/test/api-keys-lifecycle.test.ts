// An API key's life over real HTTP (see api-keys-fixture.ts): created on the account routes, used on the public v1
// API, listed and revoked; the keys and bodies the API refuses; and the API's OpenAPI description.
import { describe, expect, it } from 'vitest';
import type { IdentityProcess } from '@keisha/service-kit/testing';
import { apiKeyServices, ARTICLE, fetch, targets, type ApiResponse } from './api-keys-fixture.ts';

describe.each(targets)('API keys and the public API on $kind', (target) => {
  let identity: IdentityProcess;
  const { decoder, buyPlan, createKey, listKeys, analyse, batch } = apiKeyServices('keys_lifecycle', target, (started) => ({ identity } = started));

  it('lets an annual subscriber create, use, list and revoke a key; a key is shown once and kept hashed', async () => {
    const ctx = await decoder();
    const token = await identity.tokenFor('user');
    // Without the annual plan: an explanation, and no key.
    expect(await listKeys(ctx, token)).toMatchObject({ success: true, eligible: false, keys: [] });
    const refused = await createKey(ctx, token, 'Newsroom');
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('PLAN_REQUIRED');
    const monthly = await identity.tokenFor('user');
    await buyPlan(monthly, 'monthly');
    expect((await createKey(ctx, monthly, 'Newsroom')).status).toBe(403);

    await buyPlan(token, 'annual');
    const created = await createKey(ctx, token, '  Newsroom CMS  ');
    expect(created.status).toBe(201);
    const { key, secret } = await created.json();
    expect(secret).toMatch(/^kei_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Newsroom CMS', prefix: secret.slice(0, 13), last_used_at: null, revoked_at: null, used_today: 0 });
    const stored = await ctx.database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(13));
    const listed = await listKeys(ctx, token);
    expect(listed).toMatchObject({ eligible: true, keys: [{ id: key.id, prefix: key.prefix }] });
    expect(JSON.stringify(listed)).not.toContain(secret.slice(13));

    // One article: the decoder's engine and shape.
    const one = await analyse(ctx, secret, { text: ARTICLE, id: 'story-1' });
    expect(one.status).toBe(200);
    const body = await one.json();
    const site = await (await fetch(`${ctx.url}/api/bias-analysis`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: ARTICLE }) })).json();
    expect(body).toMatchObject({ success: true, id: 'story-1', key_usage: { key_prefix: key.prefix, used: 1, daily_limit: 10_000 } });
    // The same analysis, but for advanced detection (issue 28, item 1): the key's owner holds Annual and gets it, the
    // site's guest gets only its teaser.
    const { advanced, ...analysis } = body.analysis;
    const { advanced: teaser, ...guestAnalysis } = site.analysis;
    expect(analysis).toEqual(guestAnalysis);
    expect(advanced).toMatchObject({ locked: false, sentences: [expect.objectContaining({ start: 0 })] });
    expect(teaser).toMatchObject({ locked: true });
    expect(body.translation).toEqual(site.translation);

    // A batch: each article answered in its place; only the analysed ones are counted.
    // A zip's header then control bytes (with no letter at all it would be refused as having nothing to analyse).
    const binary = 'PK' + String.fromCharCode(...Array.from({ length: 400 }, (_, i) => ((i * 7) % 31) + 1));
    const mixed = await batch(ctx, secret, { articles: [{ text: ARTICLE, id: 'a' }, { text: '' , id: 'b'}, 'not an article', { text: binary }, { text: ARTICLE }] });
    expect(mixed.status).toBe(200);
    const results = (await mixed.json()) as { results: Array<{ ok: boolean; id?: string; error?: { code: string }; analysis?: unknown }>; key_usage: { used: number } };
    expect(results.results.map((r) => r.ok)).toEqual([true, false, false, false, true]);
    expect(results.results[0]).toMatchObject({ id: 'a', analysis: { ...guestAnalysis, advanced } });
    expect(results.results[1]).toMatchObject({ id: 'b', error: { code: 'VALIDATION', message: 'Please paste an article text to analyze.' } });
    expect(results.results[2]!.error!.code).toBe('VALIDATION');
    expect(results.results[3]!.error!.code).toBe('INVALID_ARTICLE');
    expect(results.key_usage.used).toBe(3);

    // Nothing to analyse (no letter or digit): refused alone and in a batch, and not counted against the key.
    for (const text of ['\u200b\u200b\u200b', '...', '\u{1F642}', '\u202e']) {
      const refused = await analyse(ctx, secret, { text });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toBe('Please paste an article text to analyze.');
    }
    const blanks = await batch(ctx, secret, { articles: [{ text: '\u200b', id: 'z' }, { text: '\u2800\u2800' }] });
    const blankResults = (await blanks.json()) as { results: Array<{ ok: boolean; error?: { message: string } }>; key_usage: { used: number } };
    expect(blankResults.results.map((r) => [r.ok, r.error?.message])).toEqual([
      [false, 'Please paste an article text to analyze.'],
      [false, 'Please paste an article text to analyze.'],
    ]);
    expect(blankResults.key_usage.used).toBe(3);

    const afterUse = await listKeys(ctx, token);
    expect(afterUse.keys[0]).toMatchObject({ used_today: 3, last_used_at: expect.any(String) });

    // Revoked: refused from the next request on, and the list says when.
    const revoked = await fetch(`${ctx.url}/api/decoder/api-keys/${key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).key.revoked_at).toEqual(expect.any(String));
    const after = await analyse(ctx, secret, { text: ARTICLE });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ success: false, error: { code: 'API_KEY_REVOKED', message: 'This API key has been revoked.' } });
    // Nobody revokes another account's key.
    const other = await identity.tokenFor('user');
    expect((await fetch(`${ctx.url}/api/decoder/api-keys/${key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${other}` } })).status).toBe(404);
  }, 60_000);

  it('refuses missing, malformed, unknown keys and access tokens as keys, with 401 in our error shape', async () => {
    const ctx = await decoder();
    const token = await identity.tokenFor('user');
    for (const authorization of [undefined, 'Bearer ', 'Bearer kei_live_short', `Bearer kei_live_${'A'.repeat(43)}`, `Bearer ${token}`, `Basic ${'a'.repeat(20)}`]) {
      const response = await fetch(`${ctx.url}/api/v1/analyses`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify({ text: ARTICLE }) });
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('INVALID_API_KEY');
    }
  });

  it('answers hostile and oversized bodies with 4xx in our error shape, counting nothing', async () => {
    const ctx = await decoder();
    const admin = await identity.tokenFor('admin');
    const { secret, key } = await (await createKey(ctx, admin, 'hostile')).json();
    const cases: Array<[Promise<ApiResponse>, number, string]> = [
      [batch(ctx, secret, { articles: Array.from({ length: 51 }, () => ({ text: ARTICLE })) }), 400, 'BATCH_TOO_LARGE'],
      [batch(ctx, secret, { articles: [] }), 400, 'VALIDATION'],
      [batch(ctx, secret, { articles: 'x' }), 400, 'VALIDATION'],
      [batch(ctx, secret, '{"articles": ['), 400, 'VALIDATION'],
      [batch(ctx, secret, `{"articles":[${'['.repeat(5000)}${']'.repeat(5000)}]}`), 400, 'VALIDATION'],
      [batch(ctx, secret, { articles: [{ text: 'x'.repeat(190_000) }], pad: 'y'.repeat(6 * 1024 * 1024) }), 413, 'PAYLOAD_TOO_LARGE'],
      [analyse(ctx, secret, { text: 'x'.repeat(1024 * 1024) }), 413, 'PAYLOAD_TOO_LARGE'],
      [analyse(ctx, secret, { text: 'word '.repeat(50_000) }), 400, 'VALIDATION'],
      [analyse(ctx, secret, JSON.stringify({ text: ARTICLE }).replace('Officials', '\\ud800')), 400, 'VALIDATION'],
      [analyse(ctx, secret, { text: 42 }), 400, 'VALIDATION'],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      const body = await response.json();
      expect(body).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
      if (status !== 413) expect(body.error.code).toBe(code);
    }
    const used = await ctx.database.db.selectFrom('api_key_usage').select('used').where('key_id', '=', key.id).executeTakeFirst();
    expect(used?.used ?? 0).toBe(0);
  }, 60_000);

  it('publishes the OpenAPI description of the v1 API', async () => {
    const ctx = await decoder();
    const response = await fetch(`${ctx.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(['/api/v1/analyses', '/api/v1/analyses:batch']);
    expect(document.components.schemas.Article.properties.text).toMatchObject({ type: 'string', maxLength: 200_000 });
    expect(document['x-error-codes'].map((e: { code: string }) => e.code)).toContain('API_KEY_REVOKED');
  });
});
