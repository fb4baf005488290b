import { z } from 'zod';
import { ARTICLE_MAX_CHARS, ARTICLE_REQUIRED } from './index.ts';

const timeZone = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_+\-/]+$/, { error: 'Unknown time zone' });

export const analyzeBody = z.object({
  text: z
    .string({ error: ARTICLE_REQUIRED })
    .max(ARTICLE_MAX_CHARS, { error: `The article is too long: at most ${ARTICLE_MAX_CHARS.toLocaleString('en-US')} characters.` })
    .refine((text) => text.trim().length > 0, { error: ARTICLE_REQUIRED }),
  time_zone: timeZone.optional(),
});

export const usageQuery = z.object({ time_zone: timeZone.optional() });

const usage = z.object({
  daily_count: z.number().int(),
  limit: z.number().int().nullable(),
  daily_limit: z.number().int().nullable(),
  subscription_tier: z.enum(['guest', 'free', 'monthly', 'annual']),
  remaining: z.number().int().nullable(),
  unlimited: z.boolean(),
  hasReachedLimit: z.boolean(),
  shouldPromptUpgrade: z.boolean(),
  resets_at: z.string(),
});

const detectedTerm = z.object({
  term: z.string(),
  explanation: z.string(),
  is_codeword: z.boolean(),
  count: z.number().int(),
  category: z.string(),
  spans: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  source_url: z.string(),
});

export const analysisSchema = z.object({
  score: z.number().int().min(0).max(100),
  threshold: z.number(),
  analysis_summary: z.string(),
  detected_terms: z.array(detectedTerm),
  engine: z.enum(['embedded', 'llm', 'embedded+llm']),
  notes: z.array(z.string()),
});

export const analyzeResponse = z.object({
  success: z.literal(true),
  analysis: analysisSchema,
  translation: z.object({ text: z.string() }),
  usage,
});

export const usageLimitBody = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string() }),
  usage,
});

export const usageResponse = z.object({ success: z.literal(true), usage });

export const trackBody = z.object({
  event: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/, { error: 'Event names use letters, digits and _ . : -' }),
  properties: z
    .record(z.string().max(64), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 8192, { error: 'Event properties are limited to 8 KB' })
    .default({}),
});
export const trackResponse = z.object({ success: z.literal(true) });

export const adminUsageQuery = z.object({
  user_ids: z
    .string()
    .max(40 * 100)
    .transform((value) => value.split(',').map((id) => id.trim()).filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'user_ids must be account ids' })).max(100)),
});
export const adminUsageResponse = z.object({
  success: z.literal(true),
  usage: z.record(z.string(), z.object({ decoder_today: z.number().int(), chat_today: z.number().int().nullable() })),
});

const historyEntry = z.object({ id: z.string(), created_at: z.string(), title: z.string(), score: z.number().int(), term_count: z.number().int() });
export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const historyListResponse = z.object({
  success: z.literal(true),
  entries: z.array(historyEntry),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const historyParams = z.object({ id: z.uuid({ error: 'Not an analysis id' }) });
export const historyItemResponse = z.object({
  success: z.literal(true),
  entry: historyEntry.extend({ text: z.string(), analysis: analysisSchema, translation: z.object({ text: z.string() }) }),
});
