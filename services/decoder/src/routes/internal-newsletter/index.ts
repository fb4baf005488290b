// identity's daily newsletter asks here for what only the decoder has: the coded term of the day (from the
// shipped lexicon, the same term for every reader that day) and readers' analyses of the week before it, for one
// reader or for a page of up to 100 (the newsletter's walk asks a page at a time). The caller proves itself with
// the internal token; the routes are outside /api, so the edge never routes a browser to them.
import { INTERNAL_NEWSLETTER_DIGEST_PATH, INTERNAL_NEWSLETTER_DIGESTS_PATH } from '@keisha/contracts/decoder';
import { newsletterDigestParams, newsletterDigestQuery, newsletterDigestResponse, newsletterDigestsQuery, newsletterDigestsResponse } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { internalOnly, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { readerWeeks } from '../../db/repositories/newsletter-weeks.ts';
import { lexicon } from '../../domain/analyzer/lexicon.ts';
import { termOfTheDay } from '../../domain/newsletter/term-of-the-day.ts';

function termOf(day: string) {
  const entry = termOfTheDay(lexicon.entries, day);
  return { term: entry.term, category: entry.category, explanation: entry.explanation, replacement: entry.replacement, source_url: entry.source_url };
}

export async function internalNewsletterRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  const db = app.db as Kysely<DecoderDatabase>;
  app.get(
    INTERNAL_NEWSLETTER_DIGEST_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'The term of the day and one reader’s week of analyses, for identity’s newsletter (internal token)',
        params: newsletterDigestParams,
        querystring: newsletterDigestQuery,
        response: { 200: newsletterDigestResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
      config: { rateLimit: false },
    },
    async (request) => {
      const { user_id: id } = request.params;
      const weeks = await readerWeeks(db, [id], request.query.day);
      return { success: true as const, term: termOf(request.query.day), week: weeks.get(id)! };
    },
  );

  app.get(
    INTERNAL_NEWSLETTER_DIGESTS_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'The term of the day and the weeks of up to 100 readers, for identity’s newsletter (internal token)',
        querystring: newsletterDigestsQuery,
        response: { 200: newsletterDigestsResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
      config: { rateLimit: false },
    },
    async (request) => {
      const { day, user_ids: ids } = request.query;
      return { success: true as const, term: termOf(day), weeks: Object.fromEntries(await readerWeeks(db, ids, day)) };
    },
  );
}
