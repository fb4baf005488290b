import { DECODER_ERRORS, DECODER_PATHS } from '@keisha/contracts/decoder';
import { analyzeBody, analyzeResponse, usageLimitBody } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, isTimeZone, localDay, nextLocalMidnight, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { usageRepository } from '../../db/repositories/usage.ts';
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
        const now = new Date();
        const day = localDay(now, timeZone);
        const resetsAt = nextLocalMidnight(now, timeZone);
        const reader = await options.resolveReader(request, reply);

        // The use is taken before the work, atomically, so concurrent requests cannot overdraw it.
        const counts = await usage.reserve(reader.subjects, day, dailyLimit(reader.tier));
        if (!counts) {
          const used = await usage.current(reader.subjects, day);
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
          await usage.release(reader.subjects, day);
          request.log.error({ err: error }, 'analysis failed');
          throw new AppError(503, DECODER_ERRORS.analysisFailed, 'The analysis could not be completed. Please try again.');
        }
        if (reader.userId) {
          try {
            await saveToHistory(app.db as Kysely<DecoderDatabase>, reader.userId, request.body.text, outcome);
          } catch (error) {
            await usage.release(reader.subjects, day);
            request.log.error({ err: error }, 'analysis not saved to history');
            throw new AppError(503, DECODER_ERRORS.analysisFailed, 'The analysis could not be saved. Please try again.');
          }
        }
        return { success: true as const, ...outcome, usage: usageView(reader.tier, Math.max(...counts), resetsAt) };
      },
    );
  }
}
