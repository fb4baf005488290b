// API keys end to end over real HTTP: identity and billing as processes, the decoder listening on a
// port, keys created on the account routes and used on the public v1 API.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalEntitlementPath } from '@keisha/contracts/billing';
import { internalAccountPath } from '@keisha/contracts/identity';
import {
  buySandboxDecoderPlan,
  databaseTargets,
  dropSchemas,
  refundSubscription,
  startBillingProcess,
  startIdentityProcess,
  subjectOf,
  type IdentityProcess,
  type ServiceProcess,
} from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';
import type { AnalysisEngine } from '../src/plugins/analysis-engine.ts';
import { threadedEmbeddedEngine } from '../src/plugins/analysis-thread.ts';
import { embeddedOutcome } from '../src/plugins/embedded-engine.ts';
import { BATCH_BODY_LIMIT } from '../src/routes/public-api/openapi.ts';

const targets = await databaseTargets();
const ARTICLE = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood.';
const INTERNAL_API_TOKEN = randomBytes(32).toString('base64url');
// Identity, started as a process below, inherits it from this environment; billing is given it.
process.env.INTERNAL_API_TOKEN = INTERNAL_API_TOKEN;

/** fetch, with bodies read as the loosely typed JSON these tests inspect. */
type ApiResponse = Omit<Response, 'json'> & { json(): Promise<any> };
const fetch = (input: string, init?: RequestInit): Promise<ApiResponse> => globalThis.fetch(input, init) as Promise<ApiResponse>;
// Identity and billing keep their data on PostgreSQL when one answers: they start in seconds there, in up to a minute on
// a loaded machine's PGlite.
const postgres = targets.find((t) => t.kind === 'postgres');
const serviceSchemas = (kind: string) => [`identity_keys_${kind}_${process.pid}`, `billing_keys_${kind}_${process.pid}`];
const onPostgres = (schema: string): Record<string, string> => (postgres?.url ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: schema } : {});

type Decoder = Awaited<ReturnType<typeof startDecoder>> & { url: string };

describe.each(targets)('API keys and the public API on $kind', (target) => {
  let identity: IdentityProcess;
  let billing: ServiceProcess;
  const decoders: Decoder[] = [];

  async function decoder(env: Record<string, string> = {}, engine?: AnalysisEngine): Promise<Decoder> {
    const ctx = await startDecoder(target, { IDENTITY_URL: identity.url, BILLING_URL: billing.url, DEFAULT_ACCOUNT_TIER: 'billing', INTERNAL_API_TOKEN, ...env }, engine);
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const started = { ...ctx, url };
    decoders.push(started);
    return started;
  }

  beforeAll(async () => {
    const [identitySchema, billingSchema] = serviceSchemas(target.kind);
    identity = await startIdentityProcess(onPostgres(identitySchema!));
    billing = await startBillingProcess(identity.url, { INTERNAL_API_TOKEN, ...onPostgres(billingSchema!) });
  }, 180_000);
  afterAll(async () => {
    for (const ctx of decoders) {
      await ctx.app.close();
      await ctx.database.destroy();
    }
    await billing?.stop();
    await identity?.stop();
    await dropSchemas(postgres?.url, serviceSchemas(target.kind));
  });

  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  async function buyPlan(token: string, tier: 'monthly' | 'annual'): Promise<string> {
    const subscriptionId = await buySandboxDecoderPlan(billing.url, token, tier);
    // A free answer is not reused: the plan bought counts on the next request.
    return subscriptionId;
  }

  async function refund(subscriptionId: string): Promise<void> {
    await refundSubscription(billing.url, await identity.tokenFor('admin'), subscriptionId);
  }

  const createKey = (ctx: Decoder, token: string, name: string) =>
    fetch(`${ctx.url}/api/decoder/api-keys`, { method: 'POST', headers: json(token), body: JSON.stringify({ name }) });
  const listKeys = async (ctx: Decoder, token: string) => (await fetch(`${ctx.url}/api/decoder/api-keys`, { headers: { authorization: `Bearer ${token}` } })).json();
  const analyse = (ctx: Decoder, key: string, body: unknown) =>
    fetch(`${ctx.url}/api/v1/analyses`, { method: 'POST', headers: json(key), body: typeof body === 'string' ? body : JSON.stringify(body) });
  const batch = (ctx: Decoder, key: string, body: unknown) =>
    fetch(`${ctx.url}/api/v1/analyses:batch`, { method: 'POST', headers: json(key), body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('analyses a batch whose articles together are long on the analysis thread, each answered as in place', async () => {
    const threaded = threadedEmbeddedEngine({ fromChars: 3 * ARTICLE.length });
    try {
      const ctx = await decoder({}, threaded.engine);
      const token = await identity.tokenFor('user');
      await buyPlan(token, 'annual');
      const { secret } = await (await createKey(ctx, token, 'Archive')).json();
      const one = await (await analyse(ctx, secret, { text: ARTICLE })).json();
      expect(threaded.sent).toBe(0); // one short article: in place
      const response = await batch(ctx, secret, { articles: Array.from({ length: 5 }, (_, i) => ({ text: ARTICLE, id: `a${i}` })) });
      expect(response.status).toBe(200);
      const { results, key_usage } = await response.json();
      expect(threaded.sent).toBe(5);
      expect(results.map((r: { id: string }) => r.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
      for (const result of results) expect(result).toMatchObject({ ok: true, analysis: one.analysis, translation: one.translation });
      expect(key_usage.used).toBe(6);
    } finally {
      await threaded.close();
    }
  }, 120_000);

  it('answers the articles an engine could not analyse as failed, in their places, and gives them back', async () => {
    const down = new Error('the analysis thread stopped (exit code 1)');
    // An engine that analyses a batch together and lost it whole (its thread died), and one asked article by article.
    const whole: AnalysisEngine = Object.assign(async () => embeddedOutcome(ARTICLE), { many: async () => Promise.reject(down) });
    const each: AnalysisEngine = async (text) => (text.includes('fail') ? Promise.reject(down) : embeddedOutcome(text));
    for (const [engine, expected] of [
      [whole, [false, false, false]],
      [each, [true, false, true]],
    ] as const) {
      const ctx = await decoder({}, engine);
      const token = await identity.tokenFor('user');
      await buyPlan(token, 'annual');
      const { secret } = await (await createKey(ctx, token, 'Archive')).json();
      const response = await batch(ctx, secret, { articles: [{ text: ARTICLE, id: 'a' }, { text: `${ARTICLE} fail`, id: 'b' }, { text: ARTICLE, id: 'c' }] });
      expect(response.status).toBe(200);
      const { results, key_usage } = await response.json();
      expect(results.map((r: { ok: boolean }) => r.ok)).toEqual(expected);
      expect(results.map((r: { id: string }) => r.id)).toEqual(['a', 'b', 'c']);
      for (const result of results.filter((r: { ok: boolean }) => !r.ok)) {
        expect(result.error).toEqual({ code: 'ANALYSIS_FAILED', message: 'The analysis could not be completed. Please try again.' });
      }
      expect(key_usage.used).toBe(expected.filter(Boolean).length);
    }
  }, 120_000);

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

  it('stops the key of a plan that lapses within 2 s', async () => {
    const ctx = await decoder();
    const token = await identity.tokenFor('user');
    const subscription = await buyPlan(token, 'annual');
    const { secret } = await (await createKey(ctx, token, 'lapsing')).json();
    expect((await analyse(ctx, secret, { text: ARTICLE })).status).toBe(200); // the plan is cached from here on
    await refund(subscription);
    const started = Date.now();
    let status = 200;
    while (Date.now() - started <= 2000) {
      status = (await analyse(ctx, secret, { text: ARTICLE })).status;
      if (status !== 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(403);
    expect(Date.now() - started).toBeLessThanOrEqual(2000);
    const refused = await analyse(ctx, secret, { text: ARTICLE });
    expect(await refused.json()).toMatchObject({ error: { code: 'PLAN_REQUIRED' } });
  }, 60_000);

  async function refusedWithin2s(ctx: Decoder, secret: string, change: () => Promise<void>): Promise<{ status: number; code: string }> {
    expect((await analyse(ctx, secret, { text: ARTICLE })).status).toBe(200); // cached from here on
    await change();
    const started = Date.now();
    let response = await analyse(ctx, secret, { text: ARTICLE });
    while (response.status === 200 && Date.now() - started <= 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await analyse(ctx, secret, { text: ARTICLE });
    }
    expect(Date.now() - started).toBeLessThanOrEqual(2000);
    return { status: response.status, code: (await response.json()).error?.code };
  }

  it('stops the keys of a disabled account, and of a demoted administrator without the plan, within 2 s', async () => {
    const ctx = await decoder();
    const token = await identity.tokenFor('user');
    await buyPlan(token, 'annual');
    const { secret } = await (await createKey(ctx, token, 'to be disabled')).json();
    expect(await refusedWithin2s(ctx, secret, () => identity.updateUser(subjectOf(token), { disabled: true }))).toEqual({ status: 403, code: 'ACCOUNT_DISABLED' });

    const email = `promoted-${Date.now()}-${target.kind}@example.org`;
    const promoted = await identity.tokenFor('user', email);
    await identity.updateUser(subjectOf(promoted), { role: 'admin' });
    const adminSession = await identity.signIn('user', email);
    const adminKey = await (await createKey(ctx, adminSession.token, 'admin key')).json();
    expect(adminKey.secret).toMatch(/^kei_live_/);
    expect(await refusedWithin2s(ctx, adminKey.secret, () => identity.updateUser(subjectOf(promoted), { role: 'user' }))).toEqual({ status: 403, code: 'PLAN_REQUIRED' });
  }, 60_000);

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

  it('keeps identity’s internal route to holders of the internal token', async () => {
    const token = await identity.tokenFor('user');
    const url = `${identity.url}${internalAccountPath(subjectOf(token))}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { 'x-keisha-internal-token': 'x'.repeat(43), authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await (await fetch(url, { headers: { 'x-keisha-internal-token': INTERNAL_API_TOKEN } })).json()).toEqual({ success: true, account: { role: 'user', disabled: false } });
  });

  it('keeps billing’s internal route to holders of the internal token', async () => {
    const token = await identity.tokenFor('user');
    const url = `${billing.url}${internalEntitlementPath(subjectOf(token))}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { 'x-keisha-internal-token': 'x'.repeat(43) } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const answered = await fetch(url, { headers: { 'x-keisha-internal-token': INTERNAL_API_TOKEN } });
    expect(await answered.json()).toMatchObject({ success: true, entitlement: { decoder_tier: 'free' } });
  });

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

  /** A new administrator's token (the tests' decoders share one database on PGlite: its keys and days are its own). */
  async function freshAdmin(): Promise<string> {
    const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    const token = await identity.tokenFor('user', email);
    await identity.updateUser(subjectOf(token), { role: 'admin' });
    return (await identity.signIn('user', email)).token;
  }

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

  // Issue 29, item 3: a caller who went away before the results is charged nothing, and the threads drop its work.
  it('gives back every article of a batch whose caller went away, and drops the pieces not yet analysed', async () => {
    const threaded = threadedEmbeddedEngine({ fromChars: 1_000, threads: 1 });
    try {
      const ctx = await decoder({}, threaded.engine);
      const admin = await freshAdmin();
      const { secret, key } = await (await createKey(ctx, admin, 'leaving')).json();
      const long = 'Officials said the clashes left the inner-city neighborhood shaken, and the mayor called it a disgrace. '.repeat(300);
      const controller = new AbortController();
      const pending = fetch(`${ctx.url}/api/v1/analyses:batch`, {
        method: 'POST',
        headers: json(secret),
        body: JSON.stringify({ articles: Array.from({ length: 50 }, (_, i) => ({ text: `${i}. ${long}` })) }),
        signal: controller.signal,
      }).catch(() => 'aborted');
      // Aborted once the batch's first piece is on the thread.
      while (threaded.sent === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      expect(await pending).toBe('aborted');
      let used = -1;
      for (let i = 0; i < 200 && used !== 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        used = (await listKeys(ctx, admin)).keys.find((k: { id: string }) => k.id === key.id).used_today;
      }
      expect(used).toBe(0);
      expect((await listKeys(ctx, admin)).account_used_today).toBe(0);
      expect(threaded.sent).toBeLessThan(50);
      // The next request of the key counts as usual.
      expect((await (await analyse(ctx, secret, { text: ARTICLE })).json()).key_usage).toMatchObject({ used: 1, account_used: 1 });
    } finally {
      await threaded.close();
    }
  }, 120_000);
});
