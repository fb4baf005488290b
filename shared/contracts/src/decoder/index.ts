// Contracts of the decoder service (zod-free; browsers import this module).

export const DECODER_PATHS = {
  analyze: '/api/bias-analysis',
  /** Alias kept from the spec's environment setting. */
  analyzeAlias: '/api/chatgpt-bias-analysis',
  usage: '/api/bias-usage/current',
  track: '/api/analytics/track',
  adminUsage: '/api/decoder/admin/usage',
} as const;

export type DecoderTier = 'guest' | 'free' | 'monthly' | 'annual';

/** Spec section 5: blank text. */
export const ARTICLE_REQUIRED = 'Please paste an article text to analyze.';
/** The longest article accepted, in characters (about 30,000 words). */
export const ARTICLE_MAX_CHARS = 200_000;

/**
 * sessionStorage key through which another app of the site (the chat's 'Decode this article') hands an
 * article to the decoder's input. The decoder reads it once, on opening, and removes it.
 */
export const DECODER_PREFILL_KEY = 'keisha.decoder.prefill';

export const DECODER_ERRORS = {
  usageLimit: 'USAGE_LIMIT_EXCEEDED', // 429, with `usage`
  invalidArticle: 'INVALID_ARTICLE', // 400
  rateLimited: 'RATE_LIMIT_EXCEEDED', // 429 (requests per minute, not the daily quota)
  unavailable: 'SERVICE_UNAVAILABLE', // 503 (spec: the service requires authentication)
  analysisFailed: 'ANALYSIS_FAILED', // 503: the engine failed; no use was taken
  readerGone: 'CLIENT_CLOSED_REQUEST', // 499: the reader closed the request before the result; nothing was counted
} as const;

export interface TermSpan {
  start: number;
  end: number;
}

export interface DetectedTerm {
  term: string;
  explanation: string;
  is_codeword: boolean;
  count: number;
  category: string;
  /** UTF-16 offsets of every occurrence in the submitted text. */
  spans: TermSpan[];
  source_url: string;
}

/**
 * One piece of what moved the score (issue 31). 'baseline': the score of a typical sentence of the
 * data the score was fitted on, where the others start from (effect is that score); 'term': the
 * flagged terms; 'framing': a framing or style feature; 'words': the words model. effect: points the
 * piece moves the score, + up, - down.
 */
export interface ScoreEvidence {
  kind: 'baseline' | 'term' | 'framing' | 'words';
  label: string;
  effect: number;
}

export interface Analysis {
  score: number;
  threshold: number;
  analysis_summary: string;
  detected_terms: DetectedTerm[];
  /** The starting point, then the few pieces of evidence that moved the score most (embedded engine; absent from older results). */
  evidence?: ScoreEvidence[];
  engine: 'embedded' | 'llm' | 'embedded+llm';
  /** Said to the reader, e.g. that the LLM was unreachable and the offline engine answered. */
  notes: string[];
  /** Monthly and Annual: the deeper analysis; guests and free readers: what it would add (issue 28, item 1). */
  advanced?: AdvancedDetection | AdvancedTeaser;
}

export type SourceType = 'official' | 'community' | 'expert' | 'unnamed' | 'other';
export type SourceCounts = Record<SourceType, number>;
export type AdvancedPart = 'sentence_strip' | 'agency' | 'sourcing' | 'second_opinion';

/** The plans whose analyses include advanced detection (the plan catalogue's "Advanced detection"). */
export const ADVANCED_TIERS: readonly DecoderTier[] = ['monthly', 'annual'];

/** One quoted or paraphrased source of an article (advanced detection's sourcing balance). */
export interface SourceAttribution {
  /** Offsets of the speaker's words in the article. */
  start: number;
  end: number;
  speaker: string;
  type: SourceType;
  /** The reporting verb as written ("said", "claimed", "according to"). */
  verb: string;
  /** The verb casts doubt on the speaker ("claimed", "alleged", "insisted"). */
  doubting: boolean;
  /** Words that describe the speaker; `loaded`: a loaded or judging word of the analyzer's lists. */
  describing: Array<{ word: string; loaded: boolean }>;
  sentence: number;
}

export interface AdvancedDetection {
  locked: false;
  /** Each sentence scored on its own (0-100, the article score's scale), the first 400 of them. */
  sentences: Array<{ start: number; end: number; score: number }>;
  sentences_total: number;
  agency: {
    passives: number;
    agentless: number;
    agentless_harm: number;
    clauses: Array<{ start: number; end: number; verb: string; sentence: number; agent_named: boolean; harm: boolean }>;
  };
  sourcing: {
    counts: SourceCounts;
    doubting: SourceCounts;
    attributions: SourceAttribution[];
  };
  /** The configured language model's own reading, beside the embedded engine's; null without a model. */
  second_opinion: { model: string; score: number; embedded_score: number; agrees: boolean; summary: string } | null;
}

export interface AdvancedTeaser {
  locked: true;
  parts: AdvancedPart[];
  upgrade_path: string;
}

/** Spec section 3, "Usage response", plus the flags of section 4. */
export interface Usage {
  daily_count: number;
  limit: number | null;
  daily_limit: number | null;
  subscription_tier: DecoderTier;
  remaining: number | null;
  unlimited: boolean;
  hasReachedLimit: boolean;
  shouldPromptUpgrade: boolean;
  /** When the count returns to 0 (the reader's next local midnight), ISO 8601. */
  resets_at: string;
}

export interface AnalyzeRequest {
  text: string;
  /** IANA time zone of the reader, so the day resets at their midnight. */
  time_zone?: string;
}

export interface AnalyzeResponse {
  success: true;
  analysis: Analysis;
  translation: { text: string };
  usage: Usage;
}

export interface UsageResponse {
  success: true;
  usage: Usage;
}

export interface TrackRequest {
  event: string;
  properties?: Record<string, unknown>;
}

export const HISTORY_PATHS = {
  list: '/api/decoder/history',
  item: (id: string) => `/api/decoder/history/${encodeURIComponent(id)}`,
} as const;

export interface HistoryEntry {
  id: string;
  created_at: string;
  /** The article's opening words, for the list. */
  title: string;
  score: number;
  term_count: number;
}
export interface HistoryListResponse {
  success: true;
  entries: HistoryEntry[];
  total: number;
  page: number;
  page_size: number;
}
export interface HistoryItemResponse {
  success: true;
  entry: HistoryEntry & { text: string; analysis: Analysis; translation: { text: string } };
}

// ---------------------------------------------------------------------------------------------
// API access (annual subscribers and administrators): keys managed on the account page, and the
// public v1 API that analyses articles with a key.

export const API_KEY_PATHS = {
  /** The caller's keys (GET), a new key (POST). */
  list: '/api/decoder/api-keys',
  revoke: (id: string) => `/api/decoder/api-keys/${encodeURIComponent(id)}`,
} as const;

export const PUBLIC_API_PATHS = {
  analyze: '/api/v1/analyses',
  batch: '/api/v1/analyses:batch',
  openapi: '/api/v1/openapi.json',
} as const;

/** The most articles in one batch request. */
export const API_BATCH_MAX = 50;
/** Active (unrevoked) keys one account may hold. */
export const API_KEYS_PER_ACCOUNT = 10;
export const API_KEY_NAME_MAX = 60;

export const API_ERRORS = {
  invalidKey: 'INVALID_API_KEY', // 401: missing, malformed or unknown key
  revokedKey: 'API_KEY_REVOKED', // 401
  planRequired: 'PLAN_REQUIRED', // 403: the owner's plan is not annual (any more)
  accountDisabled: 'ACCOUNT_DISABLED', // 403: the owner's account is disabled
  keyDailyLimit: 'KEY_DAILY_LIMIT_EXCEEDED', // 429: the key's articles for the day are used up
  accountDailyLimit: 'ACCOUNT_DAILY_LIMIT_EXCEEDED', // 429: the account's articles for the day, all its keys together, are used up
  batchTooLarge: 'BATCH_TOO_LARGE', // 400: more than API_BATCH_MAX articles
  tooManyKeys: 'TOO_MANY_KEYS', // 409
  planUnavailable: 'PLAN_UNAVAILABLE', // 503: identity or billing could not say whether the owner may use the key
} as const;

export interface ApiKeyView {
  id: string;
  name: string;
  /** The start of the key, shown in lists and logs (never enough to use it). */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Articles analysed with the key on the current UTC day. */
  used_today: number;
}

export interface ApiKeysResponse {
  success: true;
  /** Whether the caller may create keys (annual plan or administrator). */
  eligible: boolean;
  /** Articles a UTC day per key. */
  daily_limit: number;
  /** Articles a UTC day for the whole account, all its keys together, and how many it used today. */
  account_daily_limit: number;
  account_used_today: number;
  keys: ApiKeyView[];
}

export interface CreatedApiKeyResponse {
  success: true;
  key: ApiKeyView;
  /** The whole key: shown this once, stored only as a hash. */
  secret: string;
}

export interface ApiKeyUsage {
  key_prefix: string;
  /** The UTC day the articles are counted on. */
  day: string;
  used: number;
  daily_limit: number;
  /** The account's articles that day, all its keys together, and its limit. */
  account_used: number;
  account_daily_limit: number;
}

export interface PublicAnalysisResponse {
  success: true;
  /** The caller's own id of the article, when it sent one. */
  id?: string;
  analysis: Analysis;
  translation: { text: string };
  key_usage: ApiKeyUsage;
}

export type BatchItemResult =
  | { ok: true; id?: string; analysis: Analysis; translation: { text: string } }
  | { ok: false; id?: string; error: { code: string; message: string } };

export interface BatchAnalysisResponse {
  success: true;
  results: BatchItemResult[];
  key_usage: ApiKeyUsage;
}

/**
 * For identity's daily newsletter (internal token, outside /api): the coded term of a day from the lexicon
 * with its explanation, and one reader's analyses of the seven days before it.
 */
export const INTERNAL_NEWSLETTER_DIGEST_PATH = '/internal/decoder/newsletter-digest/:user_id';
export const internalNewsletterDigestPath = (userId: string, day: string) =>
  `/internal/decoder/newsletter-digest/${encodeURIComponent(userId)}?day=${encodeURIComponent(day)}`;

/**
 * The same for up to 100 readers in one question (`?day=&user_ids=a,b,…`): the term of the day once, and each
 * reader's week (`newsletterDigestsResponse`; a reader with no analyses has an empty week). identity's newsletter
 * asks it a page of readers at a time.
 */
export const INTERNAL_NEWSLETTER_DIGESTS_PATH = '/internal/decoder/newsletter-digests';
export const internalNewsletterDigestsPath = (userIds: readonly string[], day: string) =>
  `${INTERNAL_NEWSLETTER_DIGESTS_PATH}?day=${encodeURIComponent(day)}&user_ids=${userIds.map(encodeURIComponent).join(',')}`;

/**
 * Spec section 4 ("Usage limits"): analyses a day per tier; null is unlimited, an unknown tier gets none. The
 * service counts by it; the browser falls back on it when an answer does not state the limit.
 */
export function dailyLimitFor(tier: string): number | null {
  switch (tier) {
    case 'guest':
    case 'free':
      return 3;
    case 'monthly':
      return 10;
    case 'annual':
      return null;
    default:
      return 0;
  }
}

/** Spec sections 4 and 9: upgrade is suggested from 80% of the daily limit on. */
export const UPGRADE_PROMPT_SHARE = 0.8;

/** Spec sections 2 and 9: the colour bands of a score, with their lower edges exclusive (75 is orange, 76 red). */
export type ScoreBand = 'red' | 'orange' | 'cyan' | 'green';

/** The band of a score (0-100): the decoder's dial, its history and strip, and the landing page's example card. */
export function scoreBand(score: number): ScoreBand {
  if (score > 75) return 'red';
  if (score > 50) return 'orange';
  if (score > 25) return 'cyan';
  return 'green';
}

/**
 * Service to service: identity asks the decoder service to erase a deleted account's data (schema:
 * `accountErasureResponse` in common). Internal token only; never from a browser.
 */
export const INTERNAL_ACCOUNT_ERASURE_PATH = '/internal/decoder/accounts/:user_id';
export const internalAccountErasurePath = (userId: string) => `/internal/decoder/accounts/${encodeURIComponent(userId)}`;

/**
 * Service to service: identity asks the decoder service for what it holds about an account, for the reader's own
 * download (schema: `accountExportPart` in common). Internal token only; never from a browser.
 */
export const INTERNAL_ACCOUNT_EXPORT_PATH = '/internal/decoder/accounts/:user_id/export';
export const internalAccountExportPath = (userId: string) => `/internal/decoder/accounts/${encodeURIComponent(userId)}/export`;
