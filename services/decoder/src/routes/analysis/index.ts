import { DECODER_ERRORS, DECODER_PATHS } from '@keisha/contracts/decoder';
import { analyzeBody, analyzeResponse, usageLimitBody } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, isTimeZone, readerDaysRepository, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { countersOf, resetsAtOf, usageRepository } from '../../db/repositories/usage.ts';
import { dailyLimit, usageView } from '../../domain/quota/limits.ts';
import { historyTitle } from '../../domain/history.ts';
import type { AnalysisEngine } from '../../plugins/analysis-engine.ts';
import type { ReaderResolver } from '../../plugins/reader.ts';

export interface AnalysisRouteOptions {
  engine: AnalysisEngine;
  resolveReader: ReaderResolver;
  rateLimitMax: number;
}

/** More than 1 in 20 characters being control characters (other than tab and line breaks) is not prose. */
export function looksBinary(text: string): boolean {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) || code === 127 || code === 0xfffd) control++;
  }
  return control > text.length / 20;
}

export function timeZoneOf(value: string | undefined): string {
  if (value === undefined) return 'UTC';
  if (!isTimeZone(value)) throw new AppError(400, 'VALIDATION', 'Unknown time zone');
  return value;
}

async function saveToHistory(
  db: Kysely<DecoderDatabase>,
  userId: string,
  text: string,
  outcome: Awaited<ReturnType<AnalysisEngine>>,
): Promise<void> {
  const saved = { analysis: outcome.analysis, translation: outcome.translation };
  await db
    .insertInto('analyses')
    .values({
      user_id: userId,
      title: historyTitle(text),
      score: outcome.analysis.score,
      term_count: outcome.analysis.detected_terms.length,
      text,
      result: JSON.stringify(saved),
    })
    .execute();
}

export async function analysisRoutes(app: ServiceApp, options: AnalysisRouteOptions): Promise<void> {
  const usage = usageRepository(app.db as Kysely<DecoderDatabase>);
  const readerDays = readerDaysRepository(app.db);
  const analyses = app.metrics.counter('decoder_analyses_total', 'Analyses answered, by engine, or failed.', ['outcome', 'engine']);
  const refusals = app.metrics.counter('quota_refusals_total', 'Requests refused because the daily quota was used up, by plan.', ['tier']);

  for (const path of [DECODER_PATHS.analyze, DECODER_PATHS.analyzeAlias]) {
    app.post(
      path,
      {
        schema: {
          tags: ['analysis'],
          summary: 'Analyse an article: bias score, coded language, summary and Keisha translation',
          body: analyzeBody,
          response: { 200: analyzeResponse, 400: apiErrorBody, 401: apiErrorBody, 413: apiErrorBody, 429: usageLimitBody.or(apiErrorBody) },
        },
        config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        if (looksBinary(request.body.text)) {
          throw new AppError(400, DECODER_ERRORS.invalidArticle, 'This looks like binary data, not the text of an article.');
        }
        const timeZone = timeZoneOf(request.body.time_zone);
        const reader = await options.resolveReader(request, reply);
        // The day is the reader's stored one; the request's zone only says where a new day should start.
        const days = await readerDays.resolve(reader.subjects, timeZone);
        const counters = countersOf(days);
        const resetsAt = resetsAtOf(days);

        // The use is taken before the work, atomically, so concurrent requests cannot overdraw it.
        const counts = await usage.reserve(counters, dailyLimit(reader.tier));
        if (!counts) {
          refusals.inc({ tier: reader.tier });
          const used = await usage.current(counters);
          return reply.status(429).send({
            success: false as const,
            error: { code: DECODER_ERRORS.usageLimit, message: 'Daily usage limit exceeded' },
            usage: usageView(reader.tier, used, resetsAt),
          });
        }
        // From here on, any failure gives the use back: a 5xx never costs a reader an analysis.
        let outcome;
        try {
          outcome = await options.engine(request.body.text);
        } catch (error) {
          await usage.release(counters);
          analyses.inc({ outcome: 'failed', engine: 'none' });
          request.log.error({ err: error }, 'analysis failed');
          throw new AppError(503, DECODER_ERRORS.analysisFailed, 'The analysis could not be completed. Please try again.');
        }
        analyses.inc({ outcome: 'completed', engine: outcome.analysis.engine });
        if (reader.userId) {
          try {
            await saveToHistory(app.db as Kysely<DecoderDatabase>, reader.userId, request.body.text, outcome);
          } catch (error) {
            await usage.release(counters);
            request.log.error({ err: error }, 'analysis not saved to history');
            throw new AppError(503, DECODER_ERRORS.analysisFailed, 'The analysis could not be saved. Please try again.');
          }
        }
        // The rule: when the model failed, the reader gets the embedded result and is charged nothing.
        let used = Math.max(...counts);
        if (outcome.modelFailed) {
          await usage.release(counters);
          used -= 1;
        }
        return { success: true as const, analysis: outcome.analysis, translation: outcome.translation, usage: usageView(reader.tier, used, resetsAt) };
      },
    );
  }
}
