import { DECODER_ERRORS, DECODER_PATHS } from '@keisha/contracts/decoder';
import { analyzeBody, analyzeResponse, usageLimitBody } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, isTimeZone, readerDaysRepository, type ServiceApp } from '@keisha/service-kit';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import fastJsonStringify from 'fast-json-stringify';
import type { DecoderDatabase } from '../../db/database.ts';
import { countersOf, resetsAtOf, usageRepository, type Counter, type HistoryEntry } from '../../db/repositories/usage.ts';
import { dailyLimit, usageView } from '../../domain/quota/limits.ts';
import { historyTitle } from '../../domain/history.ts';
import { withAdvanced } from '../../domain/advanced/index.ts';
import type { AnalysisEngine, AnalysisOutcome } from '../../plugins/analysis-engine.ts';
import type { ReaderResolver } from '../../plugins/reader.ts';
import { giveBackLater } from '../../plugins/give-back.ts';
import { abandoned, leftBeforeResult, readerGoneSignal, watchReader } from '../../plugins/reader-gone.ts';

export interface AnalysisRouteOptions {
  engine: AnalysisEngine;
  /**
   * Take the use before the work (a model answering costs money, so a reader past the limit must not
   * reach it). Without it, an account's analysis is made first and its use taken together with its
   * history entry in one statement: as exact, with one round trip and one commit instead of two.
   */
  reserveBeforeWork: boolean;
  resolveReader: ReaderResolver;
  rateLimitMax: number;
}

/** The characters that do not belong in prose: controls other than tab and line breaks, DEL, and U+FFFD. */
const NOT_PROSE = /[\x00-\x08\x0B\x0E-\x1F\x7F\uFFFD]/g;

/**
 * More than 1 in 20 characters being control characters (other than tab and line breaks) is not prose. The
 * regular expression scans natively: a 30,000-character article took about 0.1 ms counted a character at a time in
 * JavaScript, on the event loop, for each article of a batch (issue 29, fairness).
 */
export function looksBinary(text: string): boolean {
  NOT_PROSE.lastIndex = 0;
  if (!NOT_PROSE.test(text)) return false;
  const limit = text.length / 20;
  let control = 1;
  while (control <= limit && NOT_PROSE.test(text)) control++;
  NOT_PROSE.lastIndex = 0;
  return control > limit;
}

export function timeZoneOf(value: string | undefined): string {
  if (value === undefined) return 'UTC';
  if (!isTimeZone(value)) throw new AppError(400, 'VALIDATION', 'Unknown time zone');
  return value;
}

// What a reader is shown of an analysis, made JSON once for both the history entry and the answer's
// body by a serializer compiled from the contract's schema (fast-json-stringify, as Fastify does for
// JSON-schema routes): the contract's fields in its order, nothing else. It took 12-18 us where zod's
// encode and JSON.stringify took 24-31 us (and a copy of the whole result to collect). It checks no
// values: the analyzer's output is typed and tested, and a model's findings are checked with zod as
// they are read (llm-engine.ts); the route's test compares the body with zod's serializer byte for byte.
const shownResult = analyzeResponse.pick({ analysis: true, translation: true });
const shownUsage = analyzeResponse.shape.usage;
const writeResult = fastJsonStringify(z.toJSONSchema(shownResult, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJsonStringify>[0]);

/** The result as UTF-8 JSON: encoded once, for both the history entry and the answer's body. */
function resultJson(outcome: AnalysisOutcome): Buffer {
  return Buffer.from(writeResult({ analysis: outcome.analysis, translation: outcome.translation }));
}

const ANSWER_HEAD = Buffer.from('{"success":true,');

/**
 * The 200 answer's body from the result's JSON: byte for byte what the zod serializer makes of
 * `{ success, analysis, translation, usage }` (the route's test compares them), without checking and
 * writing the largest part of it a second time. Sent as bytes: an article with a character beyond
 * Latin-1 (a curly quote) makes the whole answer a two-byte string, which Node would otherwise measure
 * and encode once each, at about 1.5 ns a character; the result's bytes are only copied.
 */
export function answerJson(result: Uint8Array, usage: z.input<typeof shownUsage>): Buffer {
  const tail = Buffer.from(`,"usage":${JSON.stringify(shownUsage.encode(usage))}}`);
  return Buffer.concat([ANSWER_HEAD, result.subarray(1, result.length - 1), tail]);
}

/** Sends a body already written as JSON (the route's typed reply only knows the object it describes). */
function sendWritten(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

function historyEntry(userId: string, text: string, outcome: AnalysisOutcome, result: Uint8Array): HistoryEntry {
  return {
    user_id: userId,
    title: historyTitle(text),
    score: outcome.analysis.score,
    term_count: outcome.analysis.detected_terms.length,
    text,
    result,
  };
}

export async function analysisRoutes(app: ServiceApp, options: AnalysisRouteOptions): Promise<void> {
  const db = app.db as Kysely<DecoderDatabase>;
  const usage = usageRepository(db, app.dbKind);
  // A use is given back even when the database cannot take it at the moment of the failure (give-back.ts).
  const giveBack = giveBackLater((counters: Counter[]) => usage.release(counters), { log: app.log });
  app.addHook('onClose', async () => giveBack.stop());
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
        onRequest: watchReader,
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
        const limit = dailyLimit(reader.tier);
        const refuse = async (checked: Counter[]) => {
          refusals.inc({ tier: reader.tier });
          return reply.status(429).send({
            success: false as const,
            error: { code: DECODER_ERRORS.usageLimit, message: 'Daily usage limit exceeded' },
            usage: usageView(reader.tier, await usage.current(checked), resetsAt),
          });
        };
        const notSaved = (error: unknown) => {
          request.log.error({ err: error }, 'analysis not saved to history');
          return new AppError(503, DECODER_ERRORS.analysisFailed, 'The analysis could not be saved. Please try again.');
        };
        // A reader who goes away before the result is charged nothing (plugins/reader-gone.ts).
        const gone = readerGoneSignal(request);
        // Whose share of the analysis threads: the account, or the guest's address (not a cookie they can clear).
        const account = reader.userId ? `user:${reader.userId}` : (reader.subjects.find((subject) => subject.startsWith('ip:')) ?? reader.subjects[0]);
        const analyse = async (): Promise<AnalysisOutcome> => {
          try {
            // Advanced detection for the plans that include it, by billing's answer (reader.tier); the teaser otherwise.
            return withAdvanced(await options.engine(request.body.text, { account, signal: gone, tier: reader.tier }), request.body.text, reader.tier);
          } catch (error) {
            if (gone.aborted) throw error;
            analyses.inc({ outcome: 'failed', engine: 'none' });
            request.log.error({ err: error }, 'analysis failed');
            throw new AppError(503, DECODER_ERRORS.analysisFailed, 'The analysis could not be completed. Please try again.');
          }
        };

        if (gone.aborted) return abandoned(reply);
        if (reader.userId && counters.length === 1 && !options.reserveBeforeWork) {
          const outcome = await analyse().catch((error: unknown) => {
            if (gone.aborted) return undefined;
            throw error;
          });
          // Nothing was taken yet: a reader who left before the result is not charged at all.
          if (!outcome || (await leftBeforeResult(request))) return abandoned(reply);
          const result = resultJson(outcome);
          // One statement: when the entry cannot be stored, no use was taken either.
          const used = await usage
            .takeAndRecord(counters[0]!, limit, historyEntry(reader.userId, request.body.text, outcome, result))
            .catch((error: unknown) => {
              throw notSaved(error);
            });
          if (used === undefined) return refuse(counters);
          analyses.inc({ outcome: 'completed', engine: outcome.analysis.engine });
          return sendWritten(reply, answerJson(result, usageView(reader.tier, used, resetsAt)));
        }

        // The use is taken before the work, atomically, so concurrent requests cannot overdraw it.
        const counts = await usage.reserve(counters, limit);
        if (!counts) return refuse(counters);
        // From here on, any failure gives the use back: a 5xx never costs a reader an analysis.
        let outcome;
        try {
          outcome = await analyse();
        } catch (error) {
          await giveBack(counters);
          if (gone.aborted) return abandoned(reply);
          throw error;
        }
        if (await leftBeforeResult(request)) {
          await giveBack(counters);
          return abandoned(reply);
        }
        analyses.inc({ outcome: 'completed', engine: outcome.analysis.engine });
        if (reader.userId) {
          try {
            const entry = historyEntry(reader.userId, request.body.text, outcome, resultJson(outcome));
            await db.insertInto('analyses').values({ ...entry, result: Buffer.from(entry.result).toString('utf8') }).execute();
          } catch (error) {
            await giveBack(counters);
            throw notSaved(error);
          }
        }
        // The rule: when the model failed, the reader gets the embedded result and is charged nothing.
        let used = Math.max(...counts);
        if (outcome.modelFailed) {
          await giveBack(counters);
          used -= 1;
        }
        return { success: true as const, analysis: outcome.analysis, translation: outcome.translation, usage: usageView(reader.tier, used, resetsAt) };
      },
    );
  }
}
