import { z } from 'zod';
import { ANALYTICS_PERIODS, BROWSER_EVENTS, CLIENT_ERROR_LIMITS, TRACK_LIMITS } from './index.ts';

const timeZone = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_+\-/]+$/, { error: 'Unknown time zone' });

export const analyticsSummaryQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (ANALYTICS_PERIODS as readonly number[]).includes(days), { error: `days is one of ${ANALYTICS_PERIODS.join(', ')}` })
    .default(30),
  time_zone: timeZone.optional(),
});

const clientErrorGroup = z.object({
  remote: z.string(),
  version: z.string(),
  kind: z.enum(['load', 'crash']),
  message: z.string(),
  count: z.number().int(),
  last_seen: z.string(),
});

export const analyticsSummaryResponse = z.object({
  success: z.literal(true),
  days: z.union(ANALYTICS_PERIODS.map((days) => z.literal(days))),
  time_zone: z.string(),
  dates: z.array(z.string()),
  events: z.array(z.object({ event: z.string(), total: z.number().int(), sessions: z.number().int(), daily: z.array(z.number().int()) })),
  funnel: z.array(z.object({ event: z.string(), label: z.string(), sessions: z.number().int() })),
  client_errors: z.object({ total: z.number().int(), daily: z.array(z.number().int()), top: z.array(clientErrorGroup) }),
});

export const clientErrorBody = z.object({
  remote: z
    .string()
    .max(CLIENT_ERROR_LIMITS.remote)
    .regex(/^[a-z][a-z0-9-]*$/, { error: 'remote is a lowercase name' }),
  version: z
    .string()
    .max(CLIENT_ERROR_LIMITS.version)
    .regex(/^[A-Za-z0-9._+-]+$/, { error: 'version uses letters, digits and . _ + -' }),
  route: z.string().max(CLIENT_ERROR_LIMITS.route).startsWith('/', { error: 'route is a path starting with /' }),
  kind: z.enum(['load', 'crash']),
  message: z.string().trim().min(1).max(CLIENT_ERROR_LIMITS.message),
});
export const clientErrorResponse = z.object({ success: z.literal(true) });

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * POST /api/analytics/track: an event of our list with a small flat record of properties (numbers, short
 * strings, booleans, nulls). Browsers are anyone: this is what bounds the size of one row.
 */
export const trackBody = z.object({
  event: z.enum(BROWSER_EVENTS, { error: 'Unknown event' }),
  properties: z
    .record(
      z.string().max(TRACK_LIMITS.keyLength),
      z.union([z.string().max(TRACK_LIMITS.stringLength), z.number(), z.boolean(), z.null()], { error: 'Event properties are numbers, short strings, booleans or null' }),
    )
    .refine((value) => Object.keys(value).length <= TRACK_LIMITS.keys, { error: `Events carry at most ${TRACK_LIMITS.keys} properties` })
    .refine((value) => utf8Bytes(JSON.stringify(value)) <= TRACK_LIMITS.bytes, { error: `Event properties are limited to ${TRACK_LIMITS.bytes / 1024} KB` })
    .default({}),
});
export const trackResponse = z.object({ success: z.literal(true) });

const salesFigures = {
  purchases: z.number().int(),
  renewals: z.number().int(),
  revenue_cents: z.number().int(),
  refunds: z.number().int(),
  refunded_cents: z.number().int(),
};

/** Billing's admin sales summary (GET ANALYTICS_PATHS.adminSales); the query is the analytics summary's. */
export const salesSummaryQuery = analyticsSummaryQuery;
export const salesSummaryResponse = z.object({
  success: z.literal(true),
  days: z.union(ANALYTICS_PERIODS.map((days) => z.literal(days))),
  time_zone: z.string(),
  currency: z.literal('USD'),
  dates: z.array(z.string()),
  daily_purchases: z.array(z.number().int()),
  ...salesFigures,
  by_plan: z.array(z.object({ product: z.enum(['decoder', 'chat']), tier: z.string(), ...salesFigures })),
  by_provider: z.array(z.object({ provider: z.string(), ...salesFigures })),
});
