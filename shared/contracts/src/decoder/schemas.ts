import { z } from 'zod';
import { accountIdsQuery, pagingQuery, pagedResponse } from '../common.ts';
import { hasTextToAnalyse } from '../text.ts';
import { API_BATCH_MAX, API_KEY_NAME_MAX, ARTICLE_MAX_CHARS, ARTICLE_REQUIRED } from './index.ts';

const timeZone = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_+\-/]+$/, { error: 'Unknown time zone' });

export const analyzeBody = z.object({
  text: z
    .string({ error: ARTICLE_REQUIRED })
    .max(ARTICLE_MAX_CHARS, { error: `The article is too long: at most ${ARTICLE_MAX_CHARS.toLocaleString('en-US')} characters.` })
    // Blank, or without a letter or digit ("\u200b", "...", an emoji): the analyzer would find no word in it,
    // so it is refused before a use is taken or an entry stored, by every route that reads this field.
    .refine(hasTextToAnalyse, { error: ARTICLE_REQUIRED }),
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

const scoreEvidence = z.object({
  kind: z.enum(['baseline', 'term', 'framing', 'words']),
  label: z.string(),
  effect: z.number().int(),
});

// Advanced detection (Monthly and Annual, issue 28 item 1): every field required (null when absent), so the
// compiled serializer writes them in this order, as zod does.
const sourceCounts = z.object({
  official: z.number().int(),
  community: z.number().int(),
  expert: z.number().int(),
  unnamed: z.number().int(),
  other: z.number().int(),
});
export const advancedDetection = z.object({
  locked: z.literal(false),
  sentences: z
    .array(z.object({ start: z.number().int(), end: z.number().int(), score: z.number().int().min(0).max(100) }))
    .meta({ description: 'Each sentence scored on its own on the article score\'s scale (the first 400 sentences).' }),
  sentences_total: z.number().int(),
  agency: z.object({
    passives: z.number().int(),
    agentless: z.number().int(),
    agentless_harm: z.number().int(),
    clauses: z.array(
      z.object({ start: z.number().int(), end: z.number().int(), verb: z.string(), sentence: z.number().int(), agent_named: z.boolean(), harm: z.boolean() }),
    ),
  }),
  sourcing: z.object({
    counts: sourceCounts,
    doubting: sourceCounts,
    attributions: z.array(
      z.object({
        start: z.number().int(),
        end: z.number().int(),
        speaker: z.string(),
        type: z.enum(['official', 'community', 'expert', 'unnamed', 'other']),
        verb: z.string(),
        doubting: z.boolean(),
        describing: z.array(z.object({ word: z.string(), loaded: z.boolean() })),
        sentence: z.number().int(),
      }),
    ),
  }),
  second_opinion: z
    .object({ model: z.string(), score: z.number().int().min(0).max(100), embedded_score: z.number().int(), agrees: z.boolean(), summary: z.string() })
    .nullable(),
});
/** What a guest or a free reader is told advanced detection would add: the parts' names, never their data. */
export const advancedTeaser = z.object({
  locked: z.literal(true),
  parts: z.array(z.enum(['sentence_strip', 'agency', 'sourcing', 'second_opinion'])),
  upgrade_path: z.string(),
});
export const advancedSchema = z.discriminatedUnion('locked', [advancedDetection, advancedTeaser]);

export const analysisSchema = z.object({
  score: z.number().int().min(0).max(100),
  threshold: z.number(),
  analysis_summary: z.string(),
  detected_terms: z.array(detectedTerm),
  engine: z.enum(['embedded', 'llm', 'embedded+llm']),
  notes: z.array(z.string()),
  // Last: the compiled serializer writes optional fields after the required ones, and the route's
  // answer must match zod's byte for byte.
  evidence: z.array(scoreEvidence).optional(),
  advanced: advancedSchema.optional(),
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

// The analytics event's bounds live with the other analytics contracts.
export { trackBody, trackResponse } from '../analytics/schemas.ts';

export const adminUsageQuery = accountIdsQuery;
export const adminUsageResponse = z.object({
  success: z.literal(true),
  usage: z.record(z.string(), z.object({ decoder_today: z.number().int(), chat_today: z.number().int().nullable() })),
});

const historyEntry = z.object({ id: z.string(), created_at: z.string(), title: z.string(), score: z.number().int(), term_count: z.number().int() });
export const historyQuery = pagingQuery(100, 20);
export const historyListResponse = pagedResponse('entries', historyEntry);
export const historyParams = z.object({ id: z.uuid({ error: 'Not an analysis id' }) });
export const historyItemResponse = z.object({
  success: z.literal(true),
  entry: historyEntry.extend({ text: z.string(), analysis: analysisSchema, translation: z.object({ text: z.string() }) }),
});

// ---------------------------------------------------------------------------------------------
// API keys and the public v1 API (see API_KEY_PATHS, PUBLIC_API_PATHS in ./index.ts).

const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  used_today: z.number().int(),
});
export const apiKeysResponse = z.object({
  success: z.literal(true),
  eligible: z.boolean(),
  daily_limit: z.number().int(),
  account_daily_limit: z.number().int(),
  account_used_today: z.number().int(),
  keys: z.array(apiKeyView),
});
export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Please name the key.' })
    .trim()
    .min(1, { error: 'Please name the key.' })
    .max(API_KEY_NAME_MAX, { error: `A key name has at most ${API_KEY_NAME_MAX} characters.` })
    .regex(/^[^\p{Cc}\p{Cs}]+$/u, { error: 'A key name cannot hold control characters.' }),
});
export const createdApiKeyResponse = z.object({ success: z.literal(true), key: apiKeyView, secret: z.string() });
export const apiKeyParams = z.object({ id: z.uuid({ error: 'Not a key id' }) });
export const revokedApiKeyResponse = z.object({ success: z.literal(true), key: apiKeyView });

/** One article of the public API: the text, and an id of the caller's own that is echoed back. */
export const publicArticle = z.object({
  text: analyzeBody.shape.text,
  id: z.string().max(200, { error: 'An article id has at most 200 characters.' }).optional(),
});
/** The envelope only: each article is checked on its own, so one bad article fails alone. */
export const batchBody = z.object({
  articles: z
    .array(z.unknown(), { error: 'articles must be a list of articles' })
    .min(1, { error: 'A batch needs at least one article.' })
    .meta({ description: `At most ${API_BATCH_MAX} articles, each { text, id? } as for one analysis.` }),
});

const keyUsage = z.object({
  key_prefix: z.string(),
  day: z.string(),
  used: z.number().int(),
  daily_limit: z.number().int(),
  account_used: z.number().int().meta({ description: 'Articles of the key’s account that UTC day, all its keys together.' }),
  account_daily_limit: z.number().int(),
});
const translation = z.object({ text: z.string() });
export const publicAnalysisResponse = z.object({ success: z.literal(true), id: z.string().optional(), analysis: analysisSchema, translation, key_usage: keyUsage });
const batchItem = z.union([
  z.object({ ok: z.literal(true), id: z.string().optional(), analysis: analysisSchema, translation }),
  z.object({ ok: z.literal(false), id: z.string().optional(), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export const batchAnalysisResponse = z.object({ success: z.literal(true), results: z.array(batchItem), key_usage: keyUsage });

// identity's newsletter asks the decoder for the term of the day and a reader's week (internal route).
export * from './newsletter-digest.schema.ts';
