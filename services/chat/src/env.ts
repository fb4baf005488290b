import { z } from 'zod';
import { baseConfigSchema, llmProviderOf, llmProviderSettings } from '@keisha/service-kit';

const ms = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** 'free', 'FREE' and 'Free' all name the Free plan. */
const chatTierSetting = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(['free', 'starter', 'pro', 'gold']))
  .transform((value) => (value[0]!.toUpperCase() + value.slice(1)) as 'Free' | 'Starter' | 'Pro' | 'Gold');

export const chatConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4003),
  /** Where identity publishes its public keys (JWKS) for verifying access tokens. */
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /**
   * One chat plan for every account instead of asking billing (single-service runs, benchmarks).
   * Its own name, not the decoder's DEFAULT_ACCOUNT_TIER: the local launcher gives every service the same environment.
   */
  DEFAULT_CHAT_TIER: chatTierSetting.optional(),
  /** Where billing answers an account's entitlements (its chat plan). Without it (and without DEFAULT_CHAT_TIER) everyone is Free. */
  BILLING_URL: z.url().optional(),
  /** Our services' shared secret (at least 32 characters); without it, the file the first service writes beside the data folders. */
  INTERNAL_API_TOKEN: z.string().min(32).optional(),
  /** Message sends (and regenerates) per minute per client address; the daily limit is separate. */
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  ...llmProviderSettings,
  CHAT_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  /** The model's first token must arrive within this time, or the offline responder answers instead. */
  CHAT_FIRST_TOKEN_TIMEOUT_MS: ms(100, 300_000).default(30_000),
  /** Once streaming, a pause longer than this ends the answer as failed (the client's timeout stops at the headers). */
  CHAT_IDLE_TIMEOUT_MS: ms(100, 300_000).default(20_000),
  /** Upper bound on the tokens of one answer, sent to the model as max_tokens (0: not sent). */
  CHAT_MAX_TOKENS: z.coerce.number().int().min(0).max(100_000).default(1500),
  /** A heartbeat event on open streams, so proxies and browsers keep them open. */
  CHAT_HEARTBEAT_MS: ms(10, 600_000).default(15_000),
  /** Pause between the offline responder's chunks, so its answers stream like a model's (0: none). */
  CHAT_OFFLINE_CHUNK_DELAY_MS: ms(0, 1000).default(15),
  /** An answer's process renews its lease every third of this while it streams; one whose lease ran out is failed and its message given back. */
  CHAT_ANSWER_LEASE_MS: ms(300, 600_000).default(30_000),
  /** This instance's name, the same across its restarts and unique among running ones (default: host name and port). */
  CHAT_INSTANCE_NAME: z.string().regex(/^\S{1,200}$/).optional(),
});

export type ChatConfig = z.infer<typeof chatConfigSchema>;

export interface LlmSettings {
  baseURL?: string;
  apiKey: string;
  model: string;
  firstTokenTimeoutMs: number;
  idleTimeoutMs: number;
  maxTokens: number;
}

/** The LLM settings when a provider is configured; otherwise the offline responder answers alone. */
export function llmSettingsOf(config: ChatConfig): LlmSettings | undefined {
  return llmProviderOf(config, {
    model: config.CHAT_MODEL,
    firstTokenTimeoutMs: config.CHAT_FIRST_TOKEN_TIMEOUT_MS,
    idleTimeoutMs: config.CHAT_IDLE_TIMEOUT_MS,
    maxTokens: config.CHAT_MAX_TOKENS,
  });
}
