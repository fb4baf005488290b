import { z } from 'zod';
import { ANALYTICS_PERIODS, CLIENT_ERROR_LIMITS } from './index.ts';

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
