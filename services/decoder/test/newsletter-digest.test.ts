// The decoder's internal routes for identity's daily newsletter: the term of the day and one reader's week, or the
// weeks of a page of readers in one question.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_NEWSLETTER_DIGESTS_PATH, internalNewsletterDigestPath, internalNewsletterDigestsPath } from '@keisha/contracts/decoder';
import { newsletterDigestResponse, newsletterDigestsResponse } from '@keisha/contracts/decoder/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets } from '@keisha/service-kit/testing';
import { lexicon } from '../src/domain/analyzer/lexicon.ts';
import { termOfTheDay } from '../src/domain/newsletter/term-of-the-day.ts';
import { startDecoder } from './helpers.ts';

const targets = await databaseTargets();
const INTERNAL = 'decoder-newsletter-internal-token-0123456789';

describe.each(targets)('the newsletter digest on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  beforeAll(async () => {
    ctx = await startDecoder(target, { INTERNAL_API_TOKEN: INTERNAL });
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.destroy();
  });

  it('gives the term of the day and the reader’s analyses of the seven days before the day, to our services only', async () => {
    const reader = randomUUID();
    const other = randomUUID();
    const at = (iso: string, user: string, title: string, score: number) => ({ user_id: user, title, score, term_count: 2, text: title, result: '{}', created_at: iso });
    await ctx.database.db
      .insertInto('analyses')
      .values([
        at('2026-11-26T23:59:00Z', reader, 'Yesterday', 60),
        at('2026-11-20T00:00:00Z', reader, 'Seven days before', 30),
        at('2026-11-19T23:59:00Z', reader, 'Eight days before', 90),
        at('2026-11-27T00:00:00Z', reader, 'The day itself', 90),
        at('2026-11-25T12:00:00Z', other, 'Someone else', 10),
      ])
      .execute();
    const url = internalNewsletterDigestPath(reader, '2026-11-27');
    const answer = await ctx.app.inject({ url, headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    expect(answer.statusCode).toBe(200);
    const body = newsletterDigestResponse.parse(answer.json());
    const term = termOfTheDay(lexicon.entries, '2026-11-27');
    expect(body.term).toEqual({ term: term.term, category: term.category, explanation: term.explanation, replacement: term.replacement, source_url: term.source_url });
    expect(body.week).toEqual({
      count: 2,
      average_score: 45,
      analyses: [
        { title: 'Yesterday', score: 60, term_count: 2, created_at: '2026-11-26T23:59:00.000Z' },
        { title: 'Seven days before', score: 30, term_count: 2, created_at: '2026-11-20T00:00:00.000Z' },
      ],
    });
    const empty = newsletterDigestResponse.parse((await ctx.app.inject({ url: internalNewsletterDigestPath(randomUUID(), '2026-11-27'), headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } })).json());
    expect(empty.week).toEqual({ count: 0, average_score: null, analyses: [] });

    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url, headers: { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` } })).statusCode).toBe(401);
    for (const bad of [internalNewsletterDigestPath('not-a-uuid', '2026-11-27'), internalNewsletterDigestPath(reader, '27/11/2026'), `/internal/decoder/newsletter-digest/${reader}`]) {
      const refused = await ctx.app.inject({ url: bad, headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
  });

  it('gives the weeks of a page of readers in one question, each as the one-reader route gives it', async () => {
    const busy = randomUUID();
    const quiet = randomUUID();
    const idle = randomUUID();
    const rows = Array.from({ length: 13 }, (_, i) => ({
      user_id: busy,
      title: `Story ${i}`,
      score: 10 + i,
      term_count: i % 3,
      text: `Story ${i}`,
      result: '{}',
      created_at: new Date(Date.parse('2026-11-26T12:00:00Z') - i * 3_600_000).toISOString(),
    }));
    rows.push({ user_id: quiet, title: 'Only one', score: 77, term_count: 4, text: 'Only one', result: '{}', created_at: '2026-11-21T08:00:00Z' });
    rows.push({ user_id: quiet, title: 'Too late', score: 5, term_count: 0, text: 'Too late', result: '{}', created_at: '2026-11-27T00:00:01Z' });
    await ctx.database.db.insertInto('analyses').values(rows).execute();
    const asked = [busy, quiet.toUpperCase(), idle];
    const answer = await ctx.app.inject({ url: internalNewsletterDigestsPath(asked, '2026-11-27'), headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    expect(answer.statusCode).toBe(200);
    const body = newsletterDigestsResponse.parse(answer.json());
    expect(Object.keys(body.weeks).sort()).toEqual([...asked].sort());
    expect(body.weeks[busy]!.count).toBe(13);
    expect(body.weeks[busy]!.average_score).toBe(16);
    expect(body.weeks[busy]!.analyses.map((a) => a.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Story ${i}`));
    expect(body.weeks[quiet.toUpperCase()]).toEqual({ count: 1, average_score: 77, analyses: [{ title: 'Only one', score: 77, term_count: 4, created_at: '2026-11-21T08:00:00.000Z' }] });
    expect(body.weeks[idle]).toEqual({ count: 0, average_score: null, analyses: [] });
    for (const reader of [busy, quiet]) {
      const one = newsletterDigestResponse.parse((await ctx.app.inject({ url: internalNewsletterDigestPath(reader, '2026-11-27'), headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } })).json());
      expect(one.term).toEqual(body.term);
      expect(one.week).toEqual(body.weeks[reader === quiet ? quiet.toUpperCase() : reader]);
    }

    const page = internalNewsletterDigestsPath([busy], '2026-11-27');
    expect((await ctx.app.inject({ url: page })).statusCode).toBe(401);
    for (const bad of [
      internalNewsletterDigestsPath(['not-a-uuid'], '2026-11-27'),
      internalNewsletterDigestsPath([busy], '2026-13-45'),
      internalNewsletterDigestsPath(Array.from({ length: 101 }, () => randomUUID()), '2026-11-27'),
      `${INTERNAL_NEWSLETTER_DIGESTS_PATH}?day=2026-11-27`,
      `${INTERNAL_NEWSLETTER_DIGESTS_PATH}?user_ids=${busy}`,
    ]) {
      const refused = await ctx.app.inject({ url: bad, headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
  });
});
