import path from 'node:path';
import { z } from 'zod';
import { tracingEnvShape } from '@keisha/telemetry';

/** Settings every service reads. Each service extends this with its own. */
export const baseConfigSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; without it the service uses embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Schema the service's tables live in on PostgreSQL, so services can share one database safely. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).optional(),
  /**
   * PostgreSQL connections kept open while the service is idle (of a pool of 10). The launcher's embedded
   * PostgreSQL asks for 1: every open connection is a server process.
   */
  DATABASE_POOL_MIN: z.coerce.number().int().min(0).max(10).default(2),
  /** Folder of the embedded database; one per service. */
  DATA_DIR: z.string().min(1).optional(),
  /** Requests per minute per client address before 429. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /**
   * Redis or Valkey (redis:// or rediss://) holding every rate limit's counters, shared by all replicas of a
   * service; unset, each process counts in its own memory (one process: the same limits).
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Start of every key written there, naming the environment (one Redis may serve staging and production); the service's name follows. */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/).default('keisha:local'),
  /** Longest wait for the shared store (connect and each command) before a limit is decided in this process's memory. */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** Comma-separated addresses of proxies whose X-Forwarded-For is believed (the gateway). */
  TRUST_PROXY: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
  /** How long identity's signing keys are used before they are fetched again (kept when the fetch fails). */
  IDENTITY_KEYS_TTL_MS: z.coerce.number().int().positive().default(5 * 60_000),
  /** Comma-separated origins allowed by CORS; empty means same-origin only (the gateway). */
  CORS_ORIGINS: z.string().default(''),
  /** OpenTelemetry: OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) turns trace export on; see @keisha/telemetry. */
  ...tracingEnvShape,
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment once, at start. A bad or missing variable names itself in the error. */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // `NAME=` in a shell or an env file means "not set", as most tools read it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = env[name];
    return value === undefined ? `${name} is required but not set (${issue.message})` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** Where a service keeps its embedded database when DATA_DIR is not set: <repo>/.data/<service>, from the service's src folder. */
export function defaultDataDir(srcDir: string, service: string): string {
  return path.resolve(srcDir, '..', '..', '..', '.data', service);
}
