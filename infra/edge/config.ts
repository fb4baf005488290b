// Configuration of the production containers that are not services: the edge (gateway + shell) and the
// static server of a remote. Read once from the environment, as the services read theirs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { tracingEnvShape } from '@keisha/telemetry';
import { upstreamBase } from '../local/gateway.ts';
import { REMOTES, type RemoteName } from '../local/topology.ts';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const httpBaseUrl = z.string().superRefine((value, ctx) => {
  try {
    upstreamBase(value, 'it');
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
  }
});

const folderWith = (file: string) =>
  z.string().superRefine((value, ctx) => {
    if (!existsSync(path.join(value, file))) ctx.addIssue({ code: 'custom', message: `${path.join(value, file)} does not exist` });
  });

/** The registry file must name a manifest URL for every remote now; it is re-read on every request afterwards. */
const remotesFile = z.string().superRefine((value, ctx) => {
  let registry: unknown;
  try {
    registry = JSON.parse(readFileSync(value, 'utf8'));
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `cannot read ${value} as JSON (${error instanceof Error ? error.message : String(error)})` });
    return;
  }
  const entries = typeof registry === 'object' && registry !== null && !Array.isArray(registry) ? (registry as Record<string, unknown>) : {};
  const missing = REMOTES.filter((name) => typeof entries[name] !== 'string');
  if (missing.length > 0) ctx.addIssue({ code: 'custom', message: `${value} has no manifest URL for ${missing.join(', ')}` });
});

const addressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** Comma-separated addresses or CIDR ranges; the first entry that is neither is named. */
const addressList = z.string().superRefine((value, ctx) => {
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.find((entry) => !addressOrRange.safeParse(entry).success);
  if (wrong !== undefined) ctx.addIssue({ code: 'custom', message: `"${wrong}" is not an IP address or CIDR range` });
});

export const edgeConfigSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port(3000),
  /** The shell's build (its index.html and chunks). */
  SHELL_DIR: folderWith('index.html'),
  /** remotes.json, mounted from a ConfigMap: re-pointing a remote is editing it. */
  REMOTES_FILE: remotesFile,
  IDENTITY_URL: httpBaseUrl,
  DECODER_URL: httpBaseUrl,
  CHAT_URL: httpBaseUrl,
  BILLING_URL: httpBaseUrl,
  /** Remotes run in the cluster are served at /remotes/<name>/ from these (unset: the remote is on a CDN). */
  MARKETING_REMOTE_URL: httpBaseUrl.optional(),
  DECODER_REMOTE_URL: httpBaseUrl.optional(),
  CHAT_REMOTE_URL: httpBaseUrl.optional(),
  ACCOUNT_REMOTE_URL: httpBaseUrl.optional(),
  /** Where robots.txt and sitemap.xml of the marketing build are (unset: not served). */
  MARKETING_DIR: z.string().min(1).optional(),
  /**
   * The site's address as readers reach it: canonical URLs of prerendered pages, X-Forwarded-Host to the
   * services, and (when https) HSTS and Secure cookies. Never taken from a request's Host header.
   */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }),
  /** Comma-separated addresses or CIDR ranges of the proxies in front (the ingress controller's pods). */
  TRUST_PROXY: addressList.default(''),
  /** How long requests in flight may finish after SIGTERM before they are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /**
   * Prometheus metrics (GET /metrics) on this port, a listener of their own: the public PORT answers 404 there,
   * and neither the Service nor the Ingress routes to it. Bound on HOST, like PORT.
   */
  METRICS_PORT: port(4000),
  /**
   * How long every service may take to start answering before the reader gets 504 (0: no limit). Unset: each
   * service's own budget (identity 10 s, billing 15 s, decoder 75 s, chat 90 s; infra/local/upstream-budgets.ts).
   */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** OpenTelemetry: OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) turns trace export on (@keisha/telemetry). */
  ...tracingEnvShape,
});
export type EdgeConfig = z.infer<typeof edgeConfigSchema>;

export const REMOTE_URL_VARIABLES: Record<RemoteName, keyof EdgeConfig> = {
  marketing: 'MARKETING_REMOTE_URL',
  decoder: 'DECODER_REMOTE_URL',
  chat: 'CHAT_REMOTE_URL',
  account: 'ACCOUNT_REMOTE_URL',
};

export const remoteServerConfigSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port(8080),
  /** A remote's build folder (its mf-manifest.json and chunks). */
  STATIC_DIR: folderWith('mf-manifest.json'),
});
export type RemoteServerConfig = z.infer<typeof remoteServerConfigSchema>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment; `NAME=` counts as unset. A bad or missing variable is named in the error. */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return present[name] === undefined ? `${name} is required but not set` : `${name}: ${issue.message}`;
    }),
  );
}
