// identity's account deletion, the decoder's part: the internal route erases everything the decoder holds about one
// account (history, API keys and their counts, counters), leaves every other account's alone, answers what it
// erased, and answers zeros when asked again. Data is made through the public routes, as readers make it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalAccountErasurePath } from '@keisha/contracts/decoder';
import { accountErasureResponse } from '@keisha/contracts/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { bearer, closeTestApps, databaseTargets, identityForFile, type TestSession } from '@keisha/service-kit/testing';
import { apiKeysRepository } from '../src/db/repositories/api-keys.ts';
import { startDecoder } from './helpers.ts';

const INTERNAL = 'decoder-erasure-internal-token-0123456789';
const targets = await databaseTargets();
// Identity shares the decoder's internal token, as in production (its session checks use it).
const identity = await identityForFile({ INTERNAL_API_TOKEN: INTERNAL });
const ARTICLE = 'Officials said shots were fired during the clashes in the inner-city neighborhood.';
const NOTHING = { analyses: 0, api_keys: 0, api_key_usage: 0, api_account_usage: 0, usage_counters: 0, reader_days: 0 };

describe.each(targets)('erasing a deleted account on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  beforeAll(async () => {
    // The annual plan for everyone, so each reader can hold an API key.
    ctx = await startDecoder(target, { IDENTITY_URL: identity.url, DEFAULT_ACCOUNT_TIER: 'annual', INTERNAL_API_TOKEN: INTERNAL });
  });
  afterAll(() => closeTestApps(ctx));

  const erase = (userId: string, headers: Record<string, string> = { [INTERNAL_TOKEN_HEADER]: INTERNAL }) =>
    ctx.app.inject({ method: 'DELETE', url: internalAccountErasurePath(userId), headers });
  const analyseOnSite = (session: TestSession) =>
    ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', headers: bearer(session.token), payload: { text: ARTICLE, time_zone: 'Europe/Paris' } });
  const analyseWithKey = (secret: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/analyses', headers: bearer(secret), payload: { text: ARTICLE } });
  const history = async (session: TestSession) => (await ctx.app.inject({ url: '/api/decoder/history', headers: bearer(session.token) })).json();
  const keysOf = async (session: TestSession) => (await ctx.app.inject({ url: '/api/decoder/api-keys', headers: bearer(session.token) })).json();

  /** A reader with `analyses` analyses in their history and one API key, used once on the public API. */
  async function readerWithData(analyses: number): Promise<{ session: TestSession; secret: string }> {
    const session = await identity.signIn('user');
    for (let i = 0; i < analyses; i++) expect((await analyseOnSite(session)).statusCode).toBe(200);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/decoder/api-keys', headers: bearer(session.token), payload: { name: 'Newsroom' } });
    expect(created.statusCode).toBe(201);
    const { secret } = created.json();
    expect((await analyseWithKey(secret)).statusCode).toBe(200);
    return { session, secret };
  }

  it('erases one account’s history, API keys and counters, and nobody else’s', async () => {
    const leaving = await readerWithData(3);
    const staying = await readerWithData(1);
    const stayingRowsBefore = await rowsNaming(staying.session.userId);
    expect(stayingRowsBefore).toEqual({ analyses: 1, api_keys: 1, api_key_usage: 1, api_account_usage: 1, usage_counters: 1, reader_days: 1 });

    const answer = await erase(leaving.session.userId);
    expect(answer.statusCode).toBe(200);
    expect(accountErasureResponse.parse(answer.json())).toEqual({
      success: true,
      erased: { analyses: 3, api_keys: 1, api_key_usage: 1, api_account_usage: 1, usage_counters: 1, reader_days: 1 },
    });

    // The key no longer opens the API; the history and the key list are empty (asked with a token for that id).
    const refused = await analyseWithKey(leaving.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'INVALID_API_KEY' } });
    expect(await history(leaving.session)).toMatchObject({ entries: [], total: 0 });
    expect(await keysOf(leaving.session)).toMatchObject({ keys: [], account_used_today: 0 });
    expect(await rowsNaming(leaving.session.userId)).toEqual(NOTHING);

    // The other reader keeps everything, and the key still works.
    expect(await rowsNaming(staying.session.userId)).toEqual(stayingRowsBefore);
    expect(await history(staying.session)).toMatchObject({ total: 1 });
    expect((await keysOf(staying.session)).keys).toHaveLength(1);
    expect((await analyseWithKey(staying.secret)).statusCode).toBe(200);
  });

  it('finds the counters of an account id written in capitals, as the export does', async () => {
    const leaving = await readerWithData(1);
    const answer = await erase(leaving.session.userId.toUpperCase());
    expect(answer.statusCode).toBe(200);
    expect(answer.json().erased).toEqual({ analyses: 1, api_keys: 1, api_key_usage: 1, api_account_usage: 1, usage_counters: 1, reader_days: 1 });
    expect(await rowsNaming(leaving.session.userId)).toEqual(NOTHING);
  });

  it('answers zeros when asked again, and for an account it never saw', async () => {
    const leaving = await readerWithData(1);
    expect((await erase(leaving.session.userId)).json().erased.analyses).toBe(1);
    for (const userId of [leaving.session.userId, randomUUID()]) {
      const again = await erase(userId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, erased: NOTHING });
    }
  });

  it('is for our services only, and refuses what is not an account id', async () => {
    const reader = await readerWithData(1);
    const strangers: Array<Record<string, string>> = [{}, { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, bearer(reader.session.token)];
    for (const headers of strangers) {
      const refused = await erase(reader.session.userId, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
    for (const bad of ['not-a-uuid', '1', `${reader.session.userId}x`]) {
      const refused = await erase(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
    // Nothing was erased by the refused calls.
    expect(await history(reader.session)).toMatchObject({ total: 1 });
    expect((await analyseWithKey(reader.secret)).statusCode).toBe(200);
  });

  it('a key request already past its check when the account is erased is refused as an invalid key, not a 500', async () => {
    const leaving = await readerWithData(0);
    const keys = apiKeysRepository(ctx.database.db);
    const [key] = await ctx.database.db.selectFrom('api_keys').select(['id', 'user_id']).where('user_id', '=', leaving.session.userId).execute();
    expect((await erase(leaving.session.userId)).statusCode).toBe(200);
    // The request's next step counts the article against the key that is gone.
    const refused = await keys.reserve(key!, '2026-11-28', 1, { key: 100, account: 100 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 401, code: 'INVALID_API_KEY' });
  });

  /** The rows of each kind the erasure covers that name `userId`, read from the database. */
  async function rowsNaming(userId: string): Promise<typeof NOTHING> {
    const { db } = ctx.database;
    const count = async (table: string, column: string, operator: '=' | 'in', value: unknown) =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, operator, value).executeTakeFirstOrThrow()).n);
    const subject = `user:${userId}`;
    return {
      analyses: await count('analyses', 'user_id', '=', userId),
      api_keys: await count('api_keys', 'user_id', '=', userId),
      api_key_usage: await count('api_key_usage', 'key_id', 'in', db.selectFrom('api_keys').select('id').where('user_id', '=', userId)),
      api_account_usage: await count('api_account_usage', 'user_id', '=', userId),
      usage_counters: await count('usage_counters', 'subject', '=', subject),
      reader_days: await count('reader_days', 'subject', '=', subject),
    };
  }
});
