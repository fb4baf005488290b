// Generated hostile requests against every mutating chat route (shared/service-kit's route fuzzer):
// never a 5xx, every refusal in our error shape, no stack or SQL in any answer, and a refused
// message never counts against the day's messages. FUZZ_RUNS sets the bodies per route.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  expectCleanFuzz,
  fuzzInternalRead,
  fuzzRoutes,
  fuzzSuccesses,
  fuzzTimeoutMs,
  identityForFile,
  type FuzzCallers,
} from '@keisha/service-kit/testing';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { INTERNAL_ACCOUNT_EXPORT_PATH, internalAccountExportPath } from '@keisha/contracts/chat';
import { accountExportPart } from '@keisha/contracts/schemas';
import { bearer, seededChatForSuite, subjectOf } from './helpers.ts';

const ROUTES = [
  'POST /api/chat',
  'POST /api/chat/stream',
  'POST /api/chat/sessions',
  'PATCH /api/chat/sessions/:id',
  'POST /api/chat/sessions/:id/regenerate',
  'DELETE /api/chat/sessions/:id',
  'DELETE /internal/chat/accounts/:user_id',
];
const ANSWERING_ROUTES = ['POST /api/chat', 'POST /api/chat/stream', 'POST /api/chat/sessions/:id/regenerate'];
const INTERNAL = 'the-fuzz-suite-internal-token-32-chars';
const targets = await databaseTargets();
const identity = await identityForFile({ INTERNAL_API_TOKEN: INTERNAL });

describe.each(targets)('chat routes under generated hostile requests on $kind', (target) => {
  const ctx = seededChatForSuite(target, identity, 'What is redlining?', { INTERNAL_API_TOKEN: INTERNAL });
  beforeAll(async () => {
    expect(ctx.first.statusCode).toBe(200);
    await ctx.database.db.deleteFrom('chat_usage_counters').execute();
  });

  it(
    'answers every one below 500, refusals in our error shape, nothing leaked, and no message counted for a refusal',
    async () => {
      const message = { message: 'What is redlining?', session_id: ctx.sessionId, time_zone: 'America/New_York' };
      const report = await fuzzRoutes(ctx.app, {
        bodies: {
          'POST /api/chat': message,
          'POST /api/chat/stream': message,
          'POST /api/chat/sessions': { title: 'Housing history' },
          'PATCH /api/chat/sessions/:id': { title: 'Housing history' },
          'POST /api/chat/sessions/:id/regenerate': { time_zone: 'UTC' },
        },
        // The erasure's user_id is left to the fuzzer (a new uuid each time): our services' calls erase nobody here.
        params: () => ({ id: ctx.sessionId }),
        callers: (route): FuzzCallers =>
          route.path.startsWith('/internal/') ? { guest: {}, user: bearer(ctx.user), service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } } : { guest: {}, user: bearer(ctx.user) },
      });
      expectCleanFuzz(report, ROUTES);

      // Every message counted is one answered request.
      const counters = await ctx.database.db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', subjectOf(ctx.user)).execute();
      expect(counters.reduce((sum, row) => sum + row.used, 0)).toBe(fuzzSuccesses(report, ANSWERING_ROUTES, 'user'));
      // Nothing malformed was stored: every message is one bubble with text, every title is bounded.
      const rows = await ctx.database.db.selectFrom('messages').select(['user_prompt', 'ai_response']).execute();
      for (const row of rows) {
        expect((row.user_prompt === null) !== (row.ai_response === null)).toBe(true);
        if (row.user_prompt !== null) expect(row.user_prompt.trim().length).toBeGreaterThan(0);
      }
      const titles = await ctx.database.db.selectFrom('chat_sessions').select('title').execute();
      for (const { title } of titles) if (title !== null) expect(title.length).toBeLessThanOrEqual(120);
    },
    fuzzTimeoutMs(ROUTES.length),
  );

  it('answers hostile account ids on the export route below 500, refusals in our error shape, nothing leaked; the internal token alone gets data', async () => {
    const failures = await fuzzInternalRead(ctx.app, {
      route: INTERNAL_ACCOUNT_EXPORT_PATH,
      path: internalAccountExportPath,
      accountId: subjectOf(ctx.user),
      table: 'messages',
      callers: { guest: {}, user: bearer(ctx.user), 'wrong token': { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } },
      internalCaller: 'service',
      shape: accountExportPart,
    });
    expect(failures).toEqual([]);
  });
});
