import { z } from 'zod';
import { baseConfigSchema, llmProviderOf, llmProviderSettings } from '@keisha/service-kit';

export const decoderConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4002),
  /** Where identity publishes its public keys (JWKS) for verifying access tokens. */
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /** Analysis requests per minute per client address (the daily quota is separate). */
  ANALYSIS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  /** Analytics events per minute per client address. */
  TRACK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  /** Front-end error reports per minute per client address (a browser sends one per failing remote and message). */
  CLIENT_ERROR_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** Browser analytics events accepted per UTC day from all addresses together; past it the track route answers 429. */
  ANALYTICS_DAILY_EVENTS: z.coerce.number().int().positive().default(50_000),
  /** Browser analytics events accepted from one address per UTC day, so that no address fills the site's day alone. */
  ANALYTICS_DAILY_EVENTS_PER_ADDRESS: z.coerce.number().int().positive().default(2_000),
  /** Bytes of browser events' names and properties accepted per UTC day (32 MiB by default: about 36 MB on disk at most). */
  ANALYTICS_DAILY_BYTES: z.coerce.number().int().positive().default(32 * 1024 * 1024),
  /** Days analytics events and front-end error reports are kept; older rows are deleted (90 covers the admin page's longest period). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How often rows past the retention period are deleted (also once at start). */
  ANALYTICS_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  /** How often guests' daily counters and stored days are deleted once past their day (src/plugins/guest-sweep.ts). */
  GUEST_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  GUEST_SWEEP_ENABLED: z.stringbool().default(true),
  COOKIE_SECURE: z.stringbool().default(false),
  /** Where billing answers a reader's entitlements (their decoder tier). */
  BILLING_URL: z.url().default('http://127.0.0.1:4004'),
  /** One tier for every account instead of asking billing: single-service runs and benchmarks. */
  DEFAULT_ACCOUNT_TIER: z.enum(['free', 'monthly', 'annual']).optional(),
  /** Public API requests per minute per API key. */
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  /**
   * Analyses of this many characters or more (an article, or a public-API batch's total) run on a worker thread,
   * so that the event loop goes on answering other requests; 0 keeps them all in place. Shorter ones stay in
   * place: the thread's round trip costs more than they take (docs/decoder.md, performance).
   */
  ANALYSIS_THREAD_FROM_CHARS: z.coerce.number().int().min(0).default(20_000),
  /**
   * Each analysis thread's heap in MB: a thread that runs out of it dies, its piece is tried once more on a fresh
   * thread, and the service goes on. 128 is about twice what the longest article needs (docs/decoder.md).
   */
  ANALYSIS_THREAD_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(128),
  /** Analysis threads for long work, shared fairly among accounts (plugins/analysis-thread.ts). */
  ANALYSIS_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Pieces of work of one account on the analysis threads at once; by default all threads but one, so that one
   * account's batches never hold every thread (issue 29, item 2).
   */
  ANALYSIS_THREADS_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).optional(),
  /** Articles per API key per UTC day (a batch of N counts N). */
  API_KEY_DAILY_LIMIT: z.coerce.number().int().positive().default(10_000),
  /**
   * Articles per account per UTC day, shared by all its API keys: revoking and creating keys, or holding ten, does
   * not multiply it (issue 29, item 2).
   */
  API_ACCOUNT_DAILY_LIMIT: z.coerce.number().int().positive().default(10_000),
  /** Shared by our services for service-to-service questions; without it, .data/internal-api-token (made at first start). */
  INTERNAL_API_TOKEN: z.string().min(32).optional(),
  ...llmProviderSettings,
  DECODER_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  /** The model's whole budget for one analysis (spec: up to 60 seconds). */
  DECODER_LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(60_000),
});

/** The LLM settings, when a provider is configured; otherwise the embedded engine works alone. */
export function llmSettingsOf(config: DecoderConfig) {
  return llmProviderOf(config, { model: config.DECODER_MODEL, timeoutMs: config.DECODER_LLM_TIMEOUT_MS });
}
export type DecoderConfig = z.infer<typeof decoderConfigSchema>;
