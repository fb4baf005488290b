import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isDeliverableEmailShape, normalizeEmailAddress } from './rules.ts';

/** The one error shape every service answers with. `message` is safe to show to a person. */
export const apiErrorBody = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/**
 * An email field in its stored form (rules.ts: NFKC, trimmed, case-folded, so that `A@x.io ` and `a@x.io` are
 * one address), checked in that form: what is checked is what is stored, and an address with an invisible
 * character (a bidi control, a zero-width space) is refused.
 */
export function emailField(message: string) {
  return z
    .string({ error: message })
    .max(EMAIL_MAX_LENGTH * 4, { error: message })
    .transform(normalizeEmailAddress)
    .pipe(z.string().max(EMAIL_MAX_LENGTH, { error: message }).refine(isDeliverableEmailShape, { error: message }));
}

export const healthBody = z.object({
  status: z.enum(['ok', 'unavailable']),
  service: z.string(),
  checks: z.record(z.string(), z.string()).optional(),
});

/**
 * `?user_ids=a,b,...` of the administrators' look-ups per account (chat's and the decoder's usage, billing's
 * entitlements): up to 100 account ids, comma-separated.
 */
export const accountIdsQuery = z.object({
  user_ids: z
    .string()
    .max(40 * 100)
    .transform((value) => value.split(',').map((id) => id.trim()).filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'user_ids must be account ids' })).max(100)),
});

/** `?page=&page_size=` of a long list: pages from 1, `defaultSize` rows unless asked for up to `maxSize`. */
export function pagingQuery(maxSize: number, defaultSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });
}

/** One page of such a list: its rows under `key`, how many there are in all, and which page this is. */
export function pagedResponse<K extends string, Row extends z.ZodType>(key: K, row: Row) {
  return z.object({
    success: z.literal(true),
    ...({ [key]: z.array(row) } as { [P in K]: z.ZodArray<Row> }),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

/**
 * A deleted account's data, erased by each service on identity's request (`DELETE /internal/<service>/accounts/:user_id`,
 * internal token, never from a browser). Idempotent: a second call erases what was written since, else nothing.
 * `erased` counts the rows removed or cleared, by kind, for identity's log and the tests.
 */
export const accountErasureResponse = z.object({
  success: z.literal(true),
  erased: z.record(z.string(), z.number().int().nonnegative()),
});
export type AccountErasureResponse = z.infer<typeof accountErasureResponse>;
export const accountErasureParams = z.object({ user_id: z.uuid({ error: 'Not an account id' }) });

/**
 * What one service holds about an account, for the reader's own copy ("Download your data", docs/identity.md,
 * "Downloading your data"). identity asks each service with the internal token
 * (`GET /internal/<service>/accounts/:user_id/export`) and puts the answers in one file. `data` names each kind of
 * record (`analyses`, `conversations`, `purchases`, ...) with its rows as plain JSON: dates as ISO strings, and never a
 * secret (no password or key hash, no token, no provider credential). An account the service never saw answers
 * empty lists.
 */
export const accountExportPart = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExportPart = z.infer<typeof accountExportPart>;

/**
 * The same part as a stream, asked for with `accept: application/x-ndjson`: one JSON line per page of rows of a kind
 * (`{"kind":"analyses","rows":[...]}`; a kind's pages come together, oldest first), then the last line,
 * `{"end":true,"counts":{...}}`, with every kind the service gives and how many rows it sent. A stream that ends
 * without that line, or whose counts disagree, was cut: the reader's file is not made from it. Neither side holds a
 * reader's whole history in memory (a year of unlimited analyses is gigabytes).
 */
export const ACCOUNT_EXPORT_STREAM_TYPE = 'application/x-ndjson';
/** A kind's name as the file shows it: lower-case words and underscores. */
const exportKind = z.string().regex(/^[a-z][a-z_]{0,63}$/, { error: 'Not a kind of record' });
export const accountExportLine = z.union([
  z.strictObject({ kind: exportKind, rows: z.array(z.record(z.string(), z.unknown())) }),
  z.strictObject({ end: z.literal(true), counts: z.record(exportKind, z.number().int().nonnegative()) }),
]);
export type AccountExportLine = z.infer<typeof accountExportLine>;
