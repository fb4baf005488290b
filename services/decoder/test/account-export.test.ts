// identity's "Download your data", the decoder's part: the internal route answers everything the decoder holds about
// one account (history, API keys and their counts, counters), oldest first, none of another account's, never a key's
// secret or hash; empty lists for an account it never saw and after the erasure, which it agrees with kind for kind.
// Data is made through the public routes, as readers make it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalAccountErasurePath, internalAccountExportPath } from '@keisha/contracts/decoder';
import { ACCOUNT_EXPORT_STREAM_TYPE, accountExportLine, accountExportPart } from '@keisha/contracts/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { bearer, closeTestApps, databaseTargets, identityForFile, type TestSession } from '@keisha/service-kit/testing';
import { ACCOUNT_EXPORT_KINDS, ANALYSES_PAGE } from '../src/db/repositories/account-export.ts';
import { startDecoder } from './helpers.ts';

const INTERNAL = 'decoder-export-internal-token-0123456789';
const targets = await databaseTargets();
// Identity shares the decoder's internal token, as in production (its session checks use it).
const identity = await identityForFile({ INTERNAL_API_TOKEN: INTERNAL });
/** Three different articles, so the history's order can be seen in the file. */
const ARTICLES = [
  'Officials said shots were fired during the clashes in the inner-city neighborhood.',
  'Police said the rioters looted shops downtown while thugs roamed the streets.',
  'The senator slammed the radical plan as a disaster for hardworking families.',
];
const EMPTY = Object.fromEntries(ACCOUNT_EXPORT_KINDS.map((kind) => [kind, []]));
const today = () => new Date().toISOString().slice(0, 10);

describe.each(targets)('exporting an account on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  beforeAll(async () => {
    // The annual plan for everyone, so each reader can hold an API key.
    ctx = await startDecoder(target, { IDENTITY_URL: identity.url, DEFAULT_ACCOUNT_TIER: 'annual', INTERNAL_API_TOKEN: INTERNAL });
  });
  afterAll(() => closeTestApps(ctx));

  const exportOf = (userId: string, headers: Record<string, string> = { [INTERNAL_TOKEN_HEADER]: INTERNAL }) =>
    ctx.app.inject({ method: 'GET', url: internalAccountExportPath(userId), headers });
  /** The account's part, checked against the contract. */
  const dataOf = async (userId: string) => {
    const answer = await exportOf(userId);
    expect(answer.statusCode).toBe(200);
    return accountExportPart.parse(answer.json()).data;
  };
  const analyseOnSite = (session: TestSession, text: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', headers: bearer(session.token), payload: { text, time_zone: 'Europe/Paris' } });
  const analyseWithKey = (secret: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/analyses', headers: bearer(secret), payload: { text: ARTICLES[0] } });
  const createKey = async (session: TestSession, name: string) => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/decoder/api-keys', headers: bearer(session.token), payload: { name } });
    expect(created.statusCode).toBe(201);
    return created.json() as { key: { id: string; prefix: string }; secret: string };
  };

  /**
   * A reader with `analyses` analyses (the articles above, in turn) in their history, a key used once on the public
   * API and, when asked, a second key revoked unused.
   */
  async function readerWithData(analyses: number, { revokedKey = false } = {}): Promise<{ session: TestSession; secret: string; revokedSecret?: string }> {
    const session = await identity.signIn('user');
    for (let i = 0; i < analyses; i++) expect((await analyseOnSite(session, ARTICLES[i % ARTICLES.length]!)).statusCode).toBe(200);
    const { secret } = await createKey(session, 'Newsroom');
    expect((await analyseWithKey(secret)).statusCode).toBe(200);
    if (!revokedKey) return { session, secret };
    const revoked = await createKey(session, 'Old laptop');
    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/api/decoder/api-keys/${revoked.key.id}`, headers: bearer(session.token) });
    expect(revoke.statusCode).toBe(200);
    return { session, secret, revokedSecret: revoked.secret };
  }

  it('gives one account’s history, API keys and counters, oldest first, and nothing of another account’s', async () => {
    const reader = await readerWithData(3, { revokedKey: true });
    const other = await readerWithData(1);

    const answer = await exportOf(reader.session.userId);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = accountExportPart.parse(answer.json()).data;
    expect(Object.keys(data)).toEqual([...ACCOUNT_EXPORT_KINDS]);

    // The history, oldest first, each entry the article and the analysis as the history route reopens it.
    expect(data.analyses!.map((row) => row.text)).toEqual(ARTICLES);
    const created = data.analyses!.map((row) => Date.parse(row.created_at as string));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    for (const row of data.analyses!) {
      const reopened = (await ctx.app.inject({ url: `/api/decoder/history/${row.id}`, headers: bearer(reader.session.token) })).json().entry;
      const { analysis, translation, ...entry } = reopened;
      expect(row).toEqual({ ...entry, result: { analysis, translation } });
    }

    // Both keys, oldest first: what the key list shows, and never the key or its hash.
    const [used, revoked] = data.api_keys!;
    expect(data.api_keys).toHaveLength(2);
    expect(used).toMatchObject({ name: 'Newsroom', prefix: reader.secret.slice(0, 13), made_as_administrator: false, revoked_at: null });
    expect(Date.parse(used!.last_used_at as string)).not.toBeNaN();
    expect(revoked).toMatchObject({ name: 'Old laptop', prefix: reader.revokedSecret!.slice(0, 13), last_used_at: null });
    expect(Date.parse(revoked!.revoked_at as string)).not.toBeNaN();
    expect(Object.keys(used!).sort()).toEqual(['created_at', 'id', 'last_used_at', 'made_as_administrator', 'name', 'prefix', 'revoked_at']);

    // The counts: one article through the used key today, three on the site on the reader's day in Paris.
    expect(data.api_key_usage).toEqual([{ key_id: used!.id, key_prefix: used!.prefix, day: today(), used: 1 }]);
    expect(data.api_account_usage).toEqual([{ day: today(), used: 1 }]);
    expect(data.reader_days).toEqual([{ time_zone: 'Europe/Paris', day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ends_at: expect.any(String) }]);
    expect(data.usage_counters).toEqual([{ day: data.reader_days![0]!.day, used: 3 }]);
    expect(Date.parse(data.reader_days![0]!.ends_at as string)).toBeGreaterThan(Date.now());

    // No secret, no hash, nothing of the other reader's anywhere in the body.
    const hashes = await ctx.database.db.selectFrom('api_keys').select('hash').where('user_id', 'in', [reader.session.userId, other.session.userId]).execute();
    expect(hashes).toHaveLength(3);
    for (const needle of [reader.secret, reader.revokedSecret!, other.secret, ...hashes.map((row) => row.hash), other.session.userId, INTERNAL]) {
      expect(answer.body).not.toContain(needle);
    }
    const others = await dataOf(other.session.userId);
    expect(others.analyses).toHaveLength(1);
    for (const row of others.analyses!) expect(data.analyses!.map((mine) => mine.id)).not.toContain(row.id);
    expect(others.api_keys!.map((row) => row.name)).toEqual(['Newsroom']);
    expect(others.usage_counters).toEqual([{ day: expect.any(String), used: 1 }]);

    // The same account whatever the case of its id (the counters' subjects are text).
    expect(await dataOf(reader.session.userId.toUpperCase())).toEqual(data);
  });

  it('streams the history a page at a time when asked for lines, with the same rows and its counts last', async () => {
    const reader = await readerWithData(ANALYSES_PAGE * 2 + 3);
    const whole = await dataOf(reader.session.userId);
    const streamed = await exportOf(reader.session.userId, { [INTERNAL_TOKEN_HEADER]: INTERNAL, accept: ACCOUNT_EXPORT_STREAM_TYPE });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe(ACCOUNT_EXPORT_STREAM_TYPE);
    expect(streamed.headers['cache-control']).toBe('no-store');
    const lines = streamed.body.trimEnd().split('\n').map((line) => accountExportLine.parse(JSON.parse(line)));
    const pages = lines.filter((line) => 'kind' in line);
    // Three pages of history (20, 20, 3), then one line for each other kind with rows; the counts come last.
    expect(pages.map((line) => [line.kind, line.rows.length])).toEqual([
      ['analyses', ANALYSES_PAGE],
      ['analyses', ANALYSES_PAGE],
      ['analyses', 3],
      ['api_keys', 1],
      ['api_key_usage', 1],
      ['api_account_usage', 1],
      ['usage_counters', 1],
      ['reader_days', 1],
    ]);
    expect(lines.at(-1)).toEqual({ end: true, counts: Object.fromEntries(ACCOUNT_EXPORT_KINDS.map((kind) => [kind, whole[kind]!.length])) });
    const rebuilt = Object.fromEntries(ACCOUNT_EXPORT_KINDS.map((kind) => [kind, pages.filter((line) => line.kind === kind).flatMap((line) => line.rows)]));
    expect(rebuilt).toEqual(whole);
    // An account it never saw: only the counts, all zero.
    const none = await exportOf(randomUUID(), { [INTERNAL_TOKEN_HEADER]: INTERNAL, accept: ACCOUNT_EXPORT_STREAM_TYPE });
    expect(none.body).toBe(`${JSON.stringify({ end: true, counts: Object.fromEntries(ACCOUNT_EXPORT_KINDS.map((kind) => [kind, 0])) })}\n`);
  });

  it('answers empty lists for an account it never saw', async () => {
    const answer = await exportOf(randomUUID());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, data: EMPTY });
  });

  it('lists exactly what the erasure deletes, and nothing once it has', async () => {
    const leaving = await readerWithData(2, { revokedKey: true });
    const before = await dataOf(leaving.session.userId);
    const erased = await ctx.app.inject({ method: 'DELETE', url: internalAccountErasurePath(leaving.session.userId), headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    expect(erased.statusCode).toBe(200);
    const counts = Object.fromEntries(Object.entries(before).map(([kind, rows]) => [kind, rows.length]));
    expect(erased.json().erased).toEqual(counts);
    expect(counts).toEqual({ analyses: 2, api_keys: 2, api_key_usage: 1, api_account_usage: 1, usage_counters: 1, reader_days: 1 });
    expect(await dataOf(leaving.session.userId)).toEqual(EMPTY);
  });

  it('is for our services only, and refuses what is not an account id', async () => {
    const reader = await readerWithData(1);
    const strangers: Array<Record<string, string>> = [{}, { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, bearer(reader.session.token)];
    for (const headers of strangers) {
      const refused = await exportOf(reader.session.userId, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
      expect(refused.body).not.toContain(ARTICLES[0]);
    }
    for (const bad of ['not-a-uuid', '1', `${reader.session.userId}x`]) {
      const refused = await exportOf(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
  });
});
