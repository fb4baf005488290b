// Generated hostile requests against every mutating decoder route (shared/service-kit's route
// fuzzer): never a 5xx, every refusal in our error shape, no stack or SQL in any answer, and a
// refused analysis never spends a reader's daily use. FUZZ_RUNS sets the bodies per route.
// The internal export route is a GET, which the fuzzer (mutating routes only) does not reach: it gets hostile ids
// from the same callers below, with the same demands of each answer, and data only for the internal token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ACCOUNT_EXPORT_PATH, INTERNAL_NEWSLETTER_DIGESTS_PATH, internalAccountExportPath, internalNewsletterDigestsPath } from '@keisha/contracts/decoder';
import { newsletterDigestsResponse } from '@keisha/contracts/decoder/schemas';
import { accountExportPart } from '@keisha/contracts/schemas';
import {
  databaseTargets,
  expectCleanFuzz,
  fuzzRoutes,
  fuzzSuccesses,
  fuzzTimeoutMs,
  fuzzInternalRead,
  type FuzzCallers,
  type FuzzReport,
  identityForFile,
  closeTestApps,
  bearer,
  subjectOf,
} from '@keisha/service-kit/testing';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { startDecoder } from './helpers.ts';

const ROUTES = [
  'POST /api/bias-analysis',
  'POST /api/chatgpt-bias-analysis',
  'POST /api/analytics/track',
  'DELETE /api/decoder/history/:id',
  'POST /api/analytics/client-errors',
  'POST /api/decoder/api-keys',
  'DELETE /api/decoder/api-keys/:id',
  'POST /api/v1/analyses',
  'POST /api/v1/analyses:batch',
  'DELETE /internal/decoder/accounts/:user_id',
];
const ANALYSIS_ROUTES = ROUTES.slice(0, 2);
const ARTICLE = 'Officials said shots were fired during the clashes in the inner-city neighborhood.';
const INTERNAL = 'the-fuzz-suite-internal-token-32-chars';
const targets = await databaseTargets();
const identity = await identityForFile({ INTERNAL_API_TOKEN: INTERNAL });


/** Successful answers of the analysis routes to one caller. */
const successes = (report: FuzzReport, caller: string): number => fuzzSuccesses(report, ANALYSIS_ROUTES, caller);

describe.each(targets)('decoder routes under generated hostile requests on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  let user = '';
  let historyId = '';
  beforeAll(async () => {
    // An unlimited plan for the signed-in caller, so valid bodies go all the way through the engine
    // and into the history instead of stopping at the daily limit.
    ctx = await startDecoder(target, { IDENTITY_URL: identity.url, DEFAULT_ACCOUNT_TIER: 'annual', INTERNAL_API_TOKEN: INTERNAL });
    user = await identity.tokenFor('user');
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', headers: bearer(user), payload: { text: ARTICLE } });
    expect(saved.statusCode).toBe(200);
    historyId = (await ctx.app.inject({ url: '/api/decoder/history', headers: bearer(user) })).json().entries[0].id;
    await ctx.database.db.deleteFrom('usage_counters').execute();
  });
  afterAll(() => closeTestApps(ctx));

  it(
    'answers every one below 500, refusals in our error shape, nothing leaked, and no use spent on a refusal',
    async () => {
      const report = await fuzzRoutes(ctx.app, {
        bodies: {
          'POST /api/bias-analysis': { text: ARTICLE, time_zone: 'America/Chicago' },
          'POST /api/chatgpt-bias-analysis': { text: ARTICLE, time_zone: 'UTC' },
          'POST /api/analytics/track': { event: 'analysis_started', properties: { words: 12, source: 'paste' } },
          'POST /api/decoder/api-keys': { name: 'fuzz key' },
          'POST /api/v1/analyses': { text: ARTICLE },
          'POST /api/v1/analyses:batch': { articles: [{ text: ARTICLE }] },
        },
        // The erasure's user_id is left to the fuzzer (a new uuid each time): our services' calls erase nobody here.
        params: () => ({ id: historyId }),
        callers: (route): FuzzCallers =>
          route.path.startsWith('/internal/') ? { guest: {}, user: bearer(user), service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } } : { guest: {}, user: bearer(user) },
      });
      expectCleanFuzz(report, ROUTES);

      // Every use counted is one answered analysis: a refused body took nothing from the reader.
      const usedBy = async (subject: string) => {
        const rows = await ctx.database.db.selectFrom('usage_counters').select('used').where('subject', '=', subject).execute();
        return rows.reduce((sum, row) => sum + row.used, 0);
      };
      expect(await usedBy(`user:${subjectOf(user)}`)).toBe(successes(report, 'user'));
      expect(await usedBy('ip:127.0.0.1')).toBe(successes(report, 'guest'));
      // And every saved analysis is one of those answers (the seeded one was deleted by the fuzzer's DELETE).
      const saved = await ctx.database.db.selectFrom('analyses').select('id').where('user_id', '=', subjectOf(user)).execute();
      expect(saved.map((row) => row.id)).not.toContain(historyId);
      expect(saved).toHaveLength(successes(report, 'user'));
    },
    fuzzTimeoutMs(ROUTES.length),
  );

  it('answers hostile account ids on the export route below 500, refusals in our error shape, nothing leaked; the internal token alone gets data', async () => {
    const userId = subjectOf(user);
    const failures = await fuzzInternalRead(ctx.app, {
      route: INTERNAL_ACCOUNT_EXPORT_PATH,
      path: internalAccountExportPath,
      accountId: userId,
      table: 'analyses',
      callers: { guest: {}, user: bearer(user), 'wrong token': { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } },
      internalCaller: 'service',
      shape: accountExportPart,
    });
    expect(failures).toEqual([]);
    // The internal token with the reader's id: an analysis saved now is in their part.
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', headers: bearer(user), payload: { text: ARTICLE } });
    expect(saved.statusCode).toBe(200);
    const theirs = await ctx.app.inject({ method: 'GET', url: internalAccountExportPath(userId), headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    const newest = (await ctx.app.inject({ url: '/api/decoder/history', headers: bearer(user) })).json().entries[0].id;
    expect(accountExportPart.parse(theirs.json()).data.analyses!.map((row) => row.id)).toContain(newest);
  });

  it('answers hostile account ids on the newsletter weeks route below 500, refusals in our error shape; the internal token alone gets weeks', async () => {
    const failures = await fuzzInternalRead(ctx.app, {
      route: INTERNAL_NEWSLETTER_DIGESTS_PATH,
      path: (id) => internalNewsletterDigestsPath([id], '2026-11-27'),
      accountId: subjectOf(user),
      table: 'analyses',
      callers: { guest: {}, user: bearer(user), 'wrong token': { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } },
      internalCaller: 'service',
      shape: newsletterDigestsResponse,
    });
    expect(failures).toEqual([]);
  });
});
