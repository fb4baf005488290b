// An API key's limits over real HTTP (see api-keys-fixture.ts): requests per minute, articles per day per key and
// per account counted exactly under concurrency, and the largest batch body.
import { describe, expect, it } from 'vitest';
import type { IdentityProcess } from '@keisha/service-kit/testing';
import { apiKeyServices, ARTICLE, fetch, targets } from './api-keys-fixture.ts';
import { BATCH_BODY_LIMIT } from '../src/routes/public-api/openapi.ts';

describe.each(targets)('API keys and the public API on $kind', (target) => {
  let identity: IdentityProcess;
  const { decoder, createKey, listKeys, analyse, batch, freshAdmin } = apiKeyServices('keys_limits', target, (started) => ({ identity } = started));

  it('limits requests per key per minute, each key on its own', async () => {
    const ctx = await decoder({ API_KEY_RATE_LIMIT_MAX: '3' });
    const admin = await identity.tokenFor('admin');
    const first = (await (await createKey(ctx, admin, 'first')).json()).secret;
    const second = (await (await createKey(ctx, admin, 'second')).json()).secret;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await analyse(ctx, first, { text: ARTICLE })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await analyse(ctx, second, { text: ARTICLE })).status).toBe(200);
  }, 60_000);

  it('counts usage exactly under 20 concurrent batch callers, and never past the key’s day', async () => {
    const ctx = await decoder({ API_KEY_DAILY_LIMIT: '50' });
    const admin = await identity.tokenFor('admin');
    const { secret, key } = await (await createKey(ctx, admin, 'concurrent')).json();
    const articles = Array.from({ length: 3 }, (_, i) => ({ text: `${ARTICLE} (${i})` }));
    const responses = await Promise.all(Array.from({ length: 20 }, () => batch(ctx, secret, { articles })));
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    // 50 articles a day, 3 per batch: 16 batches (48 articles) fit, the other 4 are refused whole.
    expect(ok).toHaveLength(16);
    expect(limited).toHaveLength(4);
    expect((await limited[0]!.json()).error.code).toBe('KEY_DAILY_LIMIT_EXCEEDED');
    const row = await ctx.database.db.selectFrom('api_key_usage').select('used').where('key_id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.used).toBe(48);
    // Without a limit in reach, 20 callers of 5 articles count 100.
    const roomy = await decoder();
    const other = await (await createKey(roomy, admin, 'roomy')).json();
    const five = Array.from({ length: 5 }, (_, i) => ({ text: `${ARTICLE} [${i}]` }));
    const all = await Promise.all(Array.from({ length: 20 }, () => batch(roomy, other.secret, { articles: five })));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect((await listKeys(roomy, admin)).keys.find((k: { id: string }) => k.id === other.key.id).used_today).toBe(100);
  }, 60_000);

  // Issue 29, item 2: the day was per key only, so ten keys (or revoking one and creating another) multiplied it.
  it('shares one daily figure among all of an account’s keys, exactly under concurrency; new keys do not add to it', async () => {
    const ctx = await decoder({ API_ACCOUNT_DAILY_LIMIT: '10', API_KEY_DAILY_LIMIT: '8' });
    const admin = await freshAdmin();
    const created = [];
    for (let i = 0; i < 10; i++) created.push(await (await createKey(ctx, admin, `key ${i}`)).json());
    const articles = Array.from({ length: 3 }, (_, i) => ({ text: `${ARTICLE} (${i})` }));
    // Ten keys, two batches of 3 each, all at once: 3 batches (9 articles) fit the account's 10.
    const responses = await Promise.all(created.flatMap(({ secret }) => [batch(ctx, secret, { articles }), batch(ctx, secret, { articles })]));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(17);
    expect(await refused[0]!.json()).toMatchObject({ success: false, error: { code: 'ACCOUNT_DAILY_LIMIT_EXCEEDED' } });
    const one = await (await analyse(ctx, created[9].secret, { text: ARTICLE })).json();
    expect(one.key_usage).toMatchObject({ account_used: 10, account_daily_limit: 10, daily_limit: 8 });
    expect((await analyse(ctx, created[9].secret, { text: ARTICLE })).status).toBe(429);
    // Revoking a key and creating another gives the account nothing more.
    await fetch(`${ctx.url}/api/decoder/api-keys/${created[0].key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } });
    const fresh = await (await createKey(ctx, admin, 'fresh')).json();
    const again = await analyse(ctx, fresh.secret, { text: ARTICLE });
    expect(again.status).toBe(429);
    expect((await again.json()).error.code).toBe('ACCOUNT_DAILY_LIMIT_EXCEEDED');
    const listed = await listKeys(ctx, admin);
    expect(listed).toMatchObject({ account_used_today: 10, account_daily_limit: 10, daily_limit: 8 });
    expect(listed.keys.reduce((sum: number, key: { used_today: number }) => sum + key.used_today, 0)).toBe(10);
    // The per-key figure still holds within the account's: one key stops at 8.
    const roomy = await decoder({ API_ACCOUNT_DAILY_LIMIT: '100', API_KEY_DAILY_LIMIT: '8' });
    const other = await freshAdmin();
    const single = await (await createKey(roomy, other, 'single')).json();
    expect((await batch(roomy, single.secret, { articles: Array.from({ length: 9 }, () => ({ text: ARTICLE })) })).status).toBe(429);
    const eight = await batch(roomy, single.secret, { articles: Array.from({ length: 8 }, () => ({ text: ARTICLE })) });
    expect((await eight.json()).key_usage).toMatchObject({ used: 8, account_used: 8 });
    const over = await analyse(roomy, single.secret, { text: ARTICLE });
    expect((await over.json()).error.code).toBe('KEY_DAILY_LIMIT_EXCEEDED');
  }, 120_000);

  it('accepts a batch of exactly the documented 5 MB, and refuses one byte more with a 413 in our shape', async () => {
    const ctx = await decoder();
    const admin = await freshAdmin();
    const { secret } = await (await createKey(ctx, admin, 'large')).json();
    // Articles at the length limit, and one more that fills the body to the byte (ASCII: a character is a byte).
    const paragraph = 'The council met on Tuesday and residents said the housing plan was a disgrace to the inner-city neighborhood. ';
    const article = (chars: number) => paragraph.repeat(Math.ceil(chars / paragraph.length)).slice(0, chars);
    const bodyOf = (lastChars: number) => JSON.stringify({ articles: [...Array.from({ length: 26 }, () => ({ text: article(200_000) })), { text: article(lastChars) }] });
    const lastChars = BATCH_BODY_LIMIT - bodyOf(0).length;
    expect(lastChars).toBeGreaterThan(0);
    expect(lastChars).toBeLessThanOrEqual(200_000);
    const exact = bodyOf(lastChars);
    expect(Buffer.byteLength(exact)).toBe(5 * 1024 * 1024);
    const accepted = await batch(ctx, secret, exact);
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    const refused = await batch(ctx, secret, bodyOf(lastChars + 1));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    const document = await (await fetch(`${ctx.url}/api/v1/openapi.json`)).json();
    expect(document['x-limits']).toMatchObject({ batch_body_bytes: 5 * 1024 * 1024, articles_per_day_per_account: 10_000, articles_per_day_per_key: 10_000 });
  }, 120_000);
});
