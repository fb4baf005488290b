// What the decoder holds about one account, for the reader's own copy ("Download your data"; docs/decoder.md,
// "Exporting an account"). identity asks for it over the internal export route and puts it in the reader's file.
//
// The rows are exactly those the erasure deletes (account-erasure.ts, whose header says why each table is or is not
// the account's), listed under the same names as the erasure's counts, so the file and the erasure cannot disagree on
// what the decoder keeps: the history (analyses), the API keys and their daily counts (api_keys, api_key_usage), the
// keys' daily count as an account (api_account_usage), the site's daily counter (usage_counters, subject
// `user:<id>`) and the day that counter is on (reader_days, same subject).
//
// Columns are named one by one, never selectAll: a column added to a table later stays out of the reader's file until
// someone decides it belongs there. Never exported: api_keys.hash (the SHA-256 the key is recognised by: a
// credential's fingerprint, which the contract keeps out of every file, and of no use to the reader, who holds the key
// or not; the key itself is never stored), and the subjects `user:<id>` (the reader's own id behind a prefix: our
// counter's lookup key, which says nothing more about them).
import { sql, type Kysely } from 'kysely';
import type { ExportEmit } from '@keisha/service-kit';
import type { DecoderDatabase } from '../database.ts';

/** Each kind of record, in the order the file lists them: the erasure's kinds (ErasedCounts), one for one. */
export const ACCOUNT_EXPORT_KINDS = ['analyses', 'api_keys', 'api_key_usage', 'api_account_usage', 'usage_counters', 'reader_days'] as const;
export type AccountExportKind = (typeof ACCOUNT_EXPORT_KINDS)[number];

/** Dates as ISO strings, whichever driver read them (node-postgres and PGlite both give Date objects here). */
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * A `date` column as its calendar day, `YYYY-MM-DD`, read as text by PostgreSQL itself: the drivers would turn it
 * into a Date at local midnight, which the server's time zone could shift to the day before.
 */
const dayText = (column: string) => sql<string>`${sql.ref(column)}::text`;

/**
 * An analysis as the reader saw it: the stored JSON text parsed back into the value it holds (the history route does
 * the same), so the file shows the analysis rather than an escaped string. A row whose text is not JSON (none should
 * be: the route writes it with the contract's serializer) is given as it is stored rather than left out.
 */
function storedResult(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Analyses a page holds: an article may be 200,000 characters, its result about as much again, so a page stays within
 * a few megabytes however long the history.
 */
export const ANALYSES_PAGE = 20;

export function accountExportRepository(db: Kysely<DecoderDatabase>) {
  return {
    /**
     * Everything the decoder holds about `accountId`, kind after kind in ACCOUNT_EXPORT_KINDS' order, oldest first in
     * each; the history a page at a time. An account never seen emits nothing.
     */
    async exportAccount(accountId: string, emit: ExportEmit): Promise<void> {
      // uuid columns compare without regard to case, the text subjects do not: `user:<id>` is written lower-case
      // (the token's subject), so an upper-case id must still find them.
      const userId = accountId.toLowerCase();
      const subject = `user:${userId}`;
      // Repeatable read: every statement sees the same snapshot, so a key's daily counts never appear without the key,
      // nor the account's API day disagree with its keys' days, however long the history takes to page through.
      // (PGlite has one connection and runs one transaction at a time, which gives the same.)
      await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          // The next page starts after the last row, compared in the database: a JavaScript Date keeps milliseconds,
          // PostgreSQL's timestamps microseconds, and rows within one millisecond would be given twice.
          let after: string | undefined;
          for (;;) {
            let page = trx
              .selectFrom('analyses')
              .select(['id', 'created_at', 'title', 'score', 'term_count', 'text', 'result'])
              .where('user_id', '=', userId);
            if (after) page = page.where(sql<boolean>`(created_at, id) > (select l.created_at, l.id from analyses as l where l.id = ${after})`);
            const analyses = await page.orderBy('created_at').orderBy('id').limit(ANALYSES_PAGE).execute();
            if (analyses.length === 0) break;
            await emit(
              'analyses',
              analyses.map((row) => ({
                id: row.id,
                created_at: iso(row.created_at),
                title: row.title,
                score: row.score,
                term_count: row.term_count,
                text: row.text,
                result: storedResult(row.result),
              })),
            );
            if (analyses.length < ANALYSES_PAGE) break;
            after = analyses[analyses.length - 1]!.id;
          }
          const keys = await trx
            .selectFrom('api_keys')
            .select(['id', 'name', 'prefix', 'owner_is_admin', 'created_at', 'last_used_at', 'revoked_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .orderBy('id')
            .execute();
          await emit(
            'api_keys',
            keys.map((row) => ({
              id: row.id,
              name: row.name,
              // The key's first characters, as the key list shows them: enough to recognise it, not to use it.
              prefix: row.prefix,
              made_as_administrator: row.owner_is_admin,
              created_at: iso(row.created_at),
              last_used_at: iso(row.last_used_at),
              revoked_at: iso(row.revoked_at),
            })),
          );
          const keyUsage = await trx
            .selectFrom('api_key_usage as u')
            .innerJoin('api_keys as k', 'k.id', 'u.key_id')
            .select(['u.key_id', 'k.prefix', dayText('u.day').as('day'), 'u.used'])
            .where('k.user_id', '=', userId)
            .orderBy('u.day')
            .orderBy('k.created_at')
            .orderBy('u.key_id')
            .execute();
          const accountUsage = await trx
            .selectFrom('api_account_usage')
            .select([dayText('day').as('day'), 'used'])
            .where('user_id', '=', userId)
            .orderBy('day')
            .execute();
          const counters = await trx.selectFrom('usage_counters').select([dayText('day').as('day'), 'used']).where('subject', '=', subject).orderBy('day').execute();
          const days = await trx
            .selectFrom('reader_days')
            .select(['time_zone', dayText('day').as('day'), 'ends_at'])
            .where('subject', '=', subject)
            .orderBy('day')
            .execute();
          // `used`: the articles analysed with that key on that UTC day.
          await emit('api_key_usage', keyUsage.map((row) => ({ key_id: row.key_id, key_prefix: row.prefix, day: row.day, used: Number(row.used) })));
          // `used`: the articles analysed with all the account's keys together on that UTC day.
          await emit('api_account_usage', accountUsage.map((row) => ({ day: row.day, used: Number(row.used) })));
          // `used`: the analyses on the site counted on that day of the reader's (the day in reader_days).
          await emit('usage_counters', counters.map((row) => ({ day: row.day, used: Number(row.used) })));
          await emit('reader_days', days.map((row) => ({ time_zone: row.time_zone, day: row.day, ends_at: iso(row.ends_at) })));
        });
    },
  };
}

export type AccountExportRepository = ReturnType<typeof accountExportRepository>;
