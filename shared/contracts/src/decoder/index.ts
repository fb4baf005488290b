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

export interface Analysis {
  score: number;
  threshold: number;
  analysis_summary: string;
  detected_terms: DetectedTerm[];
  engine: 'embedded' | 'llm' | 'embedded+llm';
  /** Said to the reader, e.g. that the LLM was unreachable and the offline engine answered. */
  notes: string[];
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
