// The public v1 API: one article, or a batch of up to 50, analysed with an API key by the same engine
// and in the same shape as /api/bias-analysis. Articles are counted per key and per account (all its keys
// together) and UTC day; articles whose caller went away before their results are given back (reader-gone.ts).
import { API_BATCH_MAX, API_ERRORS, DECODER_ERRORS, PUBLIC_API_PATHS, type BatchItemResult } from '@keisha/contracts/decoder';
import { batchAnalysisResponse, batchBody, publicAnalysisResponse, publicArticle } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { apiKeysRepository, type ApiKeyRow, type DailyLimits, type KeyOwner, type Used } from '../../db/repositories/api-keys.ts';
import { usageDay } from '../../domain/api-keys.ts';
import type { AnalysisEngine, AnalysisOutcome, AnalysisRequest } from '../../plugins/analysis-engine.ts';
import { apiKeyAuthenticator, rateLimitBucketOf } from '../../plugins/api-key-auth.ts';
import type { OwnerAccountLookup } from '../../plugins/key-owner-account.ts';
import type { OwnerPlanLookup } from '../../plugins/key-owner-plan.ts';
import { giveBackLater } from '../../plugins/give-back.ts';
import { abandoned, leftBeforeResult, readerGoneSignal, watchReader } from '../../plugins/reader-gone.ts';
import { looksBinary } from '../analysis/index.ts';
import { withAdvanced } from '../../domain/advanced/index.ts';
import { batchAnswerStream } from './batch-response.ts';
import { BATCH_BODY_LIMIT, publicOpenApi } from './openapi.ts';

export interface PublicApiOptions {
  engine: AnalysisEngine;
  ownerPlan: OwnerPlanLookup;
  /** Identity's word on the owner (enabled, administrator); absent in single-service runs. */
  ownerAccount?: OwnerAccountLookup;
  /** Requests per minute per key. */
  rateLimitMax: number;
  /** Articles per UTC day: per key, and per account over all its keys. */
  dailyLimits: DailyLimits;
}

/** Articles of one batch analysed at once (the LLM engine waits on the network; the embedded one does not). */
const BATCH_CONCURRENCY = 4;

/** A key's owner holds the annual plan (or is an administrator, api-key-auth.ts): its analyses include advanced detection. */
const API_PLAN = 'annual';

const BINARY_MESSAGE = 'This looks like binary data, not the text of an article.';
const ANALYSIS_FAILED = { code: DECODER_ERRORS.analysisFailed, message: 'The analysis could not be completed. Please try again.' };

function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Invalid article';
}

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function publicApiRoutes(app: ServiceApp, options: PublicApiOptions): Promise<void> {
  const keys = apiKeysRepository(app.db as Kysely<DecoderDatabase>);
  // A key's use is given back even when the database cannot take it at the moment of the failure (give-back.ts).
  const giveBack = giveBackLater(({ key, day, count }: { key: KeyOwner; day: string; count: number }) => keys.release(key, day, count).then(() => {}), {
    log: app.log,
  });
  app.addHook('onClose', async () => giveBack.stop());
  const authenticateKey = apiKeyAuthenticator(keys, options.ownerPlan, options.ownerAccount);
  const keyOf = new WeakMap<object, ApiKeyRow>();
  // What both keyed routes share: the per-bucket rate, the key checked before the body is read (a bad key never
  // costs parsing a large body), and the refusals they answer in our error shape.
  const keyed = {
    config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute', keyGenerator: rateLimitBucketOf } },
    onRequest: [watchReader, async (request: object & { headers: Record<string, unknown> }) => {
      keyOf.set(request, await authenticateKey(request as never));
    }],
  };
  const refusals = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 413: apiErrorBody, 429: apiErrorBody, 503: apiErrorBody };
  const { dailyLimits } = options;
  const keyUsage = (key: ApiKeyRow, day: string, { used, accountUsed }: Used) => ({
    key_prefix: key.prefix,
    day,
    used,
    daily_limit: dailyLimits.key,
    account_used: accountUsed,
    account_daily_limit: dailyLimits.account,
  });
  const accountOf = (key: ApiKeyRow) => `user:${key.user_id}`;
  // A batch's articles: together when the engine can (the threaded engine, pieces on its threads), else each on its
  // own, a few at a time (a model answers over the network). An article that failed is its Error; the others keep
  // their outcomes, and the engine has finished every article when this resolves.
  const analyseAll = async (texts: string[], request: AnalysisRequest): Promise<Array<AnalysisOutcome | Error>> => {
    const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
    if (options.engine.many) return options.engine.many(texts, request).catch((error: unknown) => texts.map(() => asError(error)));
    return mapLimited(texts, BATCH_CONCURRENCY, (text) => options.engine(text, request).catch(asError));
  };
  const dailyLimitError = (full: 'key' | 'account', count: number) =>
    full === 'key'
      ? new AppError(429, API_ERRORS.keyDailyLimit, `This key has fewer than ${count} of its ${dailyLimits.key.toLocaleString('en-US')} articles left today (UTC).`)
      : new AppError(
          429,
          API_ERRORS.accountDailyLimit,
          `This account has fewer than ${count} of its ${dailyLimits.account.toLocaleString('en-US')} articles left today (UTC), all its keys together.`,
        );

  app.post(
    PUBLIC_API_PATHS.analyze,
    {
      schema: {
        tags: ['public-api'],
        summary: 'Analyse one article with an API key',
        body: publicArticle,
        response: { 200: publicAnalysisResponse, ...refusals },
      },
      ...keyed,
    },
    async (request, reply) => {
      const key = keyOf.get(request)!;
      if (looksBinary(request.body.text)) throw new AppError(400, DECODER_ERRORS.invalidArticle, BINARY_MESSAGE);
      const gone = readerGoneSignal(request);
      if (gone.aborted) return abandoned(reply);
      const day = usageDay();
      const reserved = await keys.reserve(key, day, 1, dailyLimits);
      if ('full' in reserved) throw dailyLimitError(reserved.full, 1);
      let outcome: AnalysisOutcome;
      try {
        outcome = withAdvanced(await options.engine(request.body.text, { account: accountOf(key), signal: gone, tier: API_PLAN }), request.body.text, API_PLAN);
      } catch (error) {
        await giveBack({ key, day, count: 1 });
        if (gone.aborted) return abandoned(reply);
        request.log.error({ err: error, apiKeyPrefix: key.prefix }, 'analysis failed');
        throw new AppError(503, DECODER_ERRORS.analysisFailed, 'The analysis could not be completed. Please try again.');
      }
      if (await leftBeforeResult(request)) {
        await giveBack({ key, day, count: 1 });
        return abandoned(reply);
      }
      await keys.touch(key.id);
      return { success: true as const, ...(request.body.id === undefined ? {} : { id: request.body.id }), ...outcome, key_usage: keyUsage(key, day, reserved) };
    },
  );

  // `::` is a literal colon in a Fastify path (a single one would start a parameter).
  app.post(
    PUBLIC_API_PATHS.batch.replace(':batch', '::batch'),
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags: ['public-api'],
        summary: `Analyse up to ${API_BATCH_MAX} articles with an API key; each is answered on its own`,
        body: batchBody,
        response: { 200: batchAnalysisResponse, ...refusals },
      },
      ...keyed,
    },
    async (request, reply) => {
      const key = keyOf.get(request)!;
      const { articles } = request.body;
      if (articles.length > API_BATCH_MAX) {
        throw new AppError(400, API_ERRORS.batchTooLarge, `A batch holds at most ${API_BATCH_MAX} articles; this one has ${articles.length}.`);
      }
      // Each article is checked on its own: a bad one is reported in its place and costs nothing.
      const checked = articles.map((item) => {
        const parsed = publicArticle.safeParse(item);
        const id = typeof (item as { id?: unknown } | null)?.id === 'string' ? ((item as { id: string }).id.slice(0, 200)) : undefined;
        if (!parsed.success) return { id, error: { code: 'VALIDATION', message: firstIssue(parsed.error) } };
        if (looksBinary(parsed.data.text)) return { id, error: { code: DECODER_ERRORS.invalidArticle, message: BINARY_MESSAGE } };
        return { id, text: parsed.data.text };
      });
      const texts = checked.flatMap((item) => (item.text === undefined ? [] : [item.text]));
      const gone = readerGoneSignal(request);
      if (gone.aborted) return abandoned(reply);
      const day = usageDay();
      // All the batch's articles are taken from the key's day and its account's at once, or none are.
      const reserved = texts.length > 0 ? await keys.reserve(key, day, texts.length, dailyLimits) : await keys.usageOf(key, day);
      if ('full' in reserved) throw dailyLimitError(reserved.full, texts.length);
      let used = reserved;
      // Advanced detection is added on the analysis threads for long batches (the tier goes with the work).
      const outcomes = (await analyseAll(texts, { account: accountOf(key), signal: gone, tier: API_PLAN })).map((outcome, i) =>
        outcome instanceof Error ? outcome : withAdvanced(outcome, texts[i]!, API_PLAN),
      );
      // A caller who went away before the results is charged nothing: all the batch's articles are given back.
      if (await leftBeforeResult(request)) {
        await giveBack({ key, day, count: texts.length });
        return abandoned(reply);
      }
      let failed = 0;
      let next = 0;
      const results = checked.map((item): BatchItemResult => {
        const id = item.id === undefined ? {} : { id: item.id };
        if (item.text === undefined) return { ok: false, ...id, error: item.error! };
        const outcome = outcomes[next++]!;
        if (!(outcome instanceof Error)) return { ok: true, ...id, ...outcome };
        failed++;
        request.log.error({ err: outcome, apiKeyPrefix: key.prefix }, 'analysis in a batch failed');
        return { ok: false, ...id, error: ANALYSIS_FAILED };
      });
      // Articles the engine could not analyse are given back.
      if (failed > 0) used = await keys.release(key, day, failed);
      await keys.touch(key.id);
      // Written an article at a time, so that one account's large answers do not hold up other readers; the stream is
      // the same document as the 200 schema (batch-response.ts checks each article against it), which Fastify's
      // types cannot tell.
      const broken = (index: number, error: unknown) => request.log.error({ err: error, index, apiKeyPrefix: key.prefix }, 'an article of a batch broke the answer contract');
      return reply
        .type('application/json; charset=utf-8')
        .send(batchAnswerStream({ results, keyUsage: keyUsage(key, day, used) }, broken, { ok: false, error: ANALYSIS_FAILED }) as never);
    },
  );

  const document = publicOpenApi(options);
  app.get(
    PUBLIC_API_PATHS.openapi,
    { schema: { tags: ['public-api'], summary: 'The OpenAPI description of the public API', hide: true }, config: { rateLimit: false } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(document),
  );
}
