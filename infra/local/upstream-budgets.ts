// How long the edge waits for each service or remote to start answering (its headers) before the reader gets
// 504. A stopped service (SIGSTOP, a hung event loop) accepts connections and never answers: without a budget a
// sign-in through the edge would wait for ever. Only the headers are timed: an answer that has started (the chat's
// server-sent events, a large file) is never cut, however long it runs.
import { createRequire } from 'node:module';
import type { FastifyReplyFromOptions } from '@fastify/reply-from';
import { SERVICES, type ServiceName } from './topology.ts';

/**
 * Each a little above the service's own bound on its slowest work, so the service's own answer (with its reason)
 * reaches the reader before the edge gives up on it:
 * - identity: sign-in hashes a password and reads its database; nothing in it waits on anyone else.
 * - billing: PayPal is given PROVIDER_TIMEOUT_MS (10 s) by default.
 * - decoder: the model is given DECODER_LLM_TIMEOUT_MS (60 s) for an analysis.
 * - chat: the JSON route answers once the whole reply is written (first token within CHAT_FIRST_TOKEN_TIMEOUT_MS,
 *   30 s, then the reply itself); the stream the browser uses sends its headers before the model is asked.
 */
export const DEFAULT_SERVICE_BUDGETS_MS: Readonly<Record<ServiceName, number>> = {
  identity: 10_000,
  billing: 15_000,
  decoder: 75_000,
  chat: 90_000,
};

/** Remotes serve files that are already built. */
export const DEFAULT_REMOTE_BUDGET_MS = 10_000;

/** Sent with the edge's 502 and 504: the launcher restarts a service in about 2 s, a pod is replaced in a few. */
export const UPSTREAM_RETRY_AFTER_SECONDS = 5;

export interface UpstreamBudgetOptions {
  /** One budget for every service and remote, instead of the defaults; 0: no limit. */
  upstreamTimeoutMs?: number;
  /** A service's own budget, over `upstreamTimeoutMs` and the default; 0: no limit. */
  upstreamTimeouts?: Partial<Record<ServiceName, number>>;
}

/** Each service's budget in ms (0: no limit): its own, else the one for all, else the default. */
export function serviceBudgets(options: UpstreamBudgetOptions): Record<ServiceName, number> {
  return Object.fromEntries(
    SERVICES.map((name) => [name, options.upstreamTimeouts?.[name] ?? options.upstreamTimeoutMs ?? DEFAULT_SERVICE_BUDGETS_MS[name]]),
  ) as Record<ServiceName, number>;
}

export function remoteBudget(options: UpstreamBudgetOptions): number {
  return options.upstreamTimeoutMs ?? DEFAULT_REMOTE_BUDGET_MS;
}

/** The longer of two budgets, 0 (no limit) being the longest. */
const longer = (a: number, b: number) => (a === 0 || b === 0 ? 0 : Math.max(a, b));

/**
 * The budget of each origin the edge proxies to. Upstreams sharing an origin (one server standing in for two
 * services) get the longer of their budgets: the edge never cuts an answer one of them is allowed to take.
 */
export function budgetsByOrigin(upstreams: Iterable<readonly [origin: string, budgetMs: number]>): Map<string, number> {
  const budgets = new Map<string, number>();
  for (const [origin, budget] of upstreams) {
    const known = budgets.get(origin);
    budgets.set(origin, known === undefined ? budget : longer(known, budget));
  }
  return budgets;
}

export const UPSTREAM_TIMEOUT_VARIABLE = 'KEISHA_UPSTREAM_TIMEOUT_MS';
export const serviceTimeoutVariable = (name: ServiceName) => `KEISHA_UPSTREAM_TIMEOUT_${name.toUpperCase()}_MS`;

/** At most 10 minutes, as the production edge's UPSTREAM_TIMEOUT_MS. */
const MAX_BUDGET_MS = 600_000;

function budgetFromEnv(env: NodeJS.ProcessEnv, variable: string): number | undefined {
  const text = env[variable];
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > MAX_BUDGET_MS) {
    throw new Error(`${variable} must be a whole number of milliseconds from 0 (no limit) to ${MAX_BUDGET_MS}, got "${text}"`);
  }
  return value;
}

/**
 * The launcher's budgets from its environment: KEISHA_UPSTREAM_TIMEOUT_MS for every upstream, and
 * KEISHA_UPSTREAM_TIMEOUT_<SERVICE>_MS for one service. Throws naming a variable that is not a budget.
 */
export function budgetsFromEnv(env: NodeJS.ProcessEnv): UpstreamBudgetOptions {
  const upstreamTimeouts: Partial<Record<ServiceName, number>> = {};
  for (const name of SERVICES) {
    const budget = budgetFromEnv(env, serviceTimeoutVariable(name));
    if (budget !== undefined) upstreamTimeouts[name] = budget;
  }
  const upstreamTimeoutMs = budgetFromEnv(env, UPSTREAM_TIMEOUT_VARIABLE);
  return { ...(upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs }), upstreamTimeouts };
}

// --- the dispatcher reply-from sends through ------------------------------------------------------------------

type Requestable = Extract<NonNullable<FastifyReplyFromOptions['undici']>, { request: unknown }>;

interface UndiciAgent {
  request: Requestable['request'];
  destroy(): Promise<void>;
}

/**
 * The undici @fastify/reply-from itself depends on and would have made its agent from (infra declares none of
 * its own): what reply-from is handed is then exactly what it was written for.
 */
function loadUndici(): { Agent: new (options: object) => UndiciAgent } {
  const replyFromEntry = createRequire(import.meta.url).resolve('@fastify/reply-from');
  return createRequire(replyFromEntry)('undici') as { Agent: new (options: object) => UndiciAgent };
}

export interface BudgetedDispatcher extends Requestable {
  destroy(): Promise<void>;
}

/**
 * reply-from's undici dispatcher, with each request's headers timeout set from its origin's budget (one budget
 * per request, where reply-from's own options give one for all) and no body timeout.
 */
export function budgetedDispatcher(budgetOf: (origin: string) => number): BudgetedDispatcher {
  const { Agent } = loadUndici();
  // reply-from's own defaults for its agent: one request at a time per connection, up to 128 per origin.
  const agent = new Agent({ pipelining: 1, connections: 128, headersTimeout: 0, bodyTimeout: 0 });
  const request = ((options: { origin: string | URL }, callback: unknown) =>
    (agent.request as (options: object, callback: unknown) => unknown)(
      { ...options, headersTimeout: budgetOf(new URL(String(options.origin)).origin), bodyTimeout: 0 },
      callback,
    )) as unknown as Requestable['request'];
  return { request, destroy: () => agent.destroy() };
}
