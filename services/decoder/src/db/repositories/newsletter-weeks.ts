// Readers' analyses of the seven days before a newsletter's day, for identity's daily newsletter: for each reader
// the count and the average score of the whole week, and the ten latest. One reader or a page of them (two
// queries for the page, whatever its size), through the (user_id, created_at) index.
import { sql, type Kysely } from 'kysely';
import type { DecoderDatabase } from '../database.ts';

const WEEK_MS = 7 * 86_400_000;
/** How many of the week's analyses the newsletter lists; the count and the average cover them all. */
export const LISTED_ANALYSES = 10;

export interface ReaderWeek {
  count: number;
  average_score: number | null;
  analyses: { title: string; score: number; term_count: number; created_at: string }[];
}

/** The seven days before `day` (YYYY-MM-DD, UTC): from its midnight a week back, to its midnight. */
export function weekBefore(day: string): { start: Date; end: Date } {
  const end = new Date(`${day}T00:00:00Z`);
  return { start: new Date(end.getTime() - WEEK_MS), end };
}

/** The week of each reader asked (ids in any case of letters; each answered under the id as asked). */
export async function readerWeeks(db: Kysely<DecoderDatabase>, userIds: readonly string[], day: string): Promise<Map<string, ReaderWeek>> {
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const { start, end } = weekBefore(day);
  const inWeek = db
    .selectFrom('analyses')
    .where('user_id', 'in', ids)
    .where('created_at', '>=', start)
    .where('created_at', '<', end);
  const [totals, latest] = ids.length
    ? await Promise.all([
        inWeek.select(['user_id', (eb) => eb.fn.countAll<string>().as('count'), (eb) => eb.fn.avg<string>('score').as('average')]).groupBy('user_id').execute(),
        db
          .selectFrom(
            inWeek
              .select(['user_id', 'title', 'score', 'term_count', 'created_at', sql<number>`row_number() over (partition by user_id order by created_at desc, id desc)`.as('place')])
              .as('ranked'),
          )
          .select(['user_id', 'title', 'score', 'term_count', 'created_at'])
          .where('place', '<=', LISTED_ANALYSES)
          .orderBy('user_id')
          .orderBy('place')
          .execute(),
      ])
    : [[], []];
  const weeks = new Map<string, ReaderWeek>(ids.map((id) => [id, { count: 0, average_score: null, analyses: [] }]));
  for (const row of totals) {
    const week = weeks.get(row.user_id.toLowerCase())!;
    week.count = Number(row.count);
    week.average_score = Math.round(Number(row.average) * 10) / 10;
  }
  for (const row of latest) {
    weeks.get(row.user_id.toLowerCase())!.analyses.push({ title: row.title, score: Number(row.score), term_count: row.term_count, created_at: new Date(row.created_at).toISOString() });
  }
  return new Map(userIds.map((id) => [id, weeks.get(id.toLowerCase())!]));
}
