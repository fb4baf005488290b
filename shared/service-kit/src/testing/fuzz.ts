// The route fuzzer: every mutating route of a built service (read from its own OpenAPI document)
// gets generated hostile requests through `app.inject`, from each caller the test names (a guest, a
// signed-in user, an administrator), against the real app on its real database. Each answer is
// checked (fuzz-checks.ts); the report counts every request and keeps examples of each problem with
// the seed that replays them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServiceApp } from '../app.ts';
import { hostileCases, type FuzzCase } from './fuzz-bodies.ts';
import { responseProblems, type ProblemKind } from './fuzz-checks.ts';

export interface FuzzRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form: `/api/chat/sessions/:id`. */
  path: string;
  /** `POST /api/chat/sessions/:id/regenerate`: how plans and reports name a route. */
  key: string;
  params: string[];
  /** Top-level fields of the JSON body its schema declares. */
  bodyFields: string[];
}

const MUTATING = ['post', 'put', 'patch', 'delete'] as const;

/**
 * Every POST, PUT, PATCH and DELETE route the service publishes in its OpenAPI document, writes
 * before deletes (a delete may remove what other routes' parameters point at).
 */
export async function mutatingRoutes(app: ServiceApp): Promise<FuzzRoute[]> {
  const response = await app.inject({ method: 'GET', url: '/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/docs/json answered ${response.statusCode}`);
  const spec = response.json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>> };
  const routes: FuzzRoute[] = [];
  for (const [openApiPath, operations] of Object.entries(spec.paths)) {
    for (const method of MUTATING) {
      const operation = operations[method];
      if (!operation) continue;
      const routePath = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
      const upper = method.toUpperCase() as FuzzRoute['method'];
      routes.push({
        method: upper,
        path: routePath,
        key: `${upper} ${routePath}`,
        params: [...openApiPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        bodyFields: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** Who sends each body: a name and the headers (Authorization) of each caller. */
export type FuzzCallers = Record<string, Record<string, string>>;

export interface RouteFuzzPlan {
  /** Names the service in reports. Default: the app's name. */
  service?: string;
  /** Names the run in reports. Default: the kind of the app's database (pglite, postgres). */
  label?: string;
  /** Hostile bodies per route (each sent once per caller). Default: FUZZ_RUNS, else 60. */
  runs?: number;
  /** Default: FUZZ_SEED, else a fixed seed, so a failure replays. */
  seed?: number;
  /** Only the routes whose key contains this. Default: FUZZ_ROUTE, else all. */
  only?: string;
  /** A valid body per route key; the generator changes its fields. Others get their schema's fields. */
  bodies?: Record<string, Record<string, unknown>>;
  /** A value for each path parameter of a route. */
  params: (route: FuzzRoute) => Record<string, string>;
  callers: (route: FuzzRoute) => FuzzCallers;
  /** Routes that answer a browser's form post with HTML pages: their 4xx are pages. */
  htmlRoutes?: string[];
}

export interface FuzzFailure {
  route: string;
  caller: string;
  index: number;
  kind: ProblemKind;
  detail: string;
  status: number;
  request: string;
  response: string;
}

export interface RouteReport {
  route: string;
  bodies: number;
  requests: number;
  /** Answers per caller and status code. */
  statuses: Record<string, Record<number, number>>;
  problems: Record<ProblemKind, number>;
}

export interface FuzzReport {
  service: string;
  label: string;
  seed: number;
  runs: number;
  routes: RouteReport[];
  requests: number;
  bodies: number;
  serverErrors: number;
  shapeViolations: number;
  leaks: number;
  durationMs: number;
  /** The first few failures of each route, with what replays them. */
  failures: FuzzFailure[];
}

export const DEFAULT_FUZZ_SEED = 20261124;
export const DEFAULT_FUZZ_RUNS = 60;
const FAILURES_KEPT_PER_ROUTE = 5;

export function fuzzRunsFromEnv(): number {
  const runs = Number(process.env.FUZZ_RUNS ?? DEFAULT_FUZZ_RUNS);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a positive whole number, not ${process.env.FUZZ_RUNS}`);
  return runs;
}

function seedFromEnv(): number {
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not ${process.env.FUZZ_SEED}`);
  return seed;
}

/** A route's own seed, so replaying one route (FUZZ_ROUTE) gives it the same bodies as the full run. */
function routeSeed(seed: number, key: string): number {
  let hash = seed | 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

function excerpt(value: string | Buffer | undefined, max = 160): string {
  if (value === undefined) return '(no body)';
  const text = Buffer.isBuffer(value) ? value.toString('latin1') : value;
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${shown}… (${text.length} chars)` : shown;
}

function urlOf(route: FuzzRoute, values: Record<string, string>, hostile?: FuzzCase['param']): string {
  let first = true;
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = first && hostile ? hostile.value : encodeURIComponent(values[name] ?? crypto.randomUUID());
    first = false;
    return value;
  });
}

/** Sends `runs` hostile bodies to every mutating route, from every caller, and checks each answer. */
export async function fuzzRoutes(app: ServiceApp, plan: RouteFuzzPlan): Promise<FuzzReport> {
  const started = performance.now();
  const runs = plan.runs ?? fuzzRunsFromEnv();
  const seed = plan.seed ?? seedFromEnv();
  const only = plan.only ?? process.env.FUZZ_ROUTE;
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  const routes = (await mutatingRoutes(app)).filter((route) => !only || route.key.includes(only));
  const report: FuzzReport = {
    service: plan.service ?? app.serviceName,
    label: plan.label ?? app.dbKind,
    seed,
    runs,
    routes: [],
    requests: 0,
    bodies: 0,
    serverErrors: 0,
    shapeViolations: 0,
    leaks: 0,
    durationMs: 0,
    failures: [],
  };
  for (const route of routes) {
    const cases = hostileCases({ seed: plan.bodies?.[route.key] ?? placeholderBody(route), bodyLimit }, runs, routeSeed(seed, route.key));
    const { routeReport, failures } = await fuzzRoute(app, route, cases, plan);
    report.routes.push(routeReport);
    report.failures.push(...failures);
    report.requests += routeReport.requests;
    report.bodies += routeReport.bodies;
    report.serverErrors += routeReport.problems['server error'];
    report.shapeViolations += routeReport.problems['error shape'];
    report.leaks += routeReport.problems.leak;
  }
  report.durationMs = performance.now() - started;
  writeReportFile(report);
  return report;
}

/** A route without a valid body in the plan: its schema's fields, each set to some text. */
function placeholderBody(route: FuzzRoute): Record<string, unknown> {
  return Object.fromEntries(route.bodyFields.map((field) => [field, 'x']));
}

/** Every case to one route from every caller: the counts, and the first few failures. */
async function fuzzRoute(app: ServiceApp, route: FuzzRoute, cases: FuzzCase[], plan: RouteFuzzPlan): Promise<{ routeReport: RouteReport; failures: FuzzFailure[] }> {
  const callers = plan.callers(route);
  const html = plan.htmlRoutes?.includes(route.key) ?? false;
  const routeReport: RouteReport = { route: route.key, bodies: cases.length, requests: 0, statuses: {}, problems: { 'server error': 0, 'error shape': 0, leak: 0 } };
  const failures: FuzzFailure[] = [];
  for (const [index, fuzzCase] of cases.entries()) {
    const { body } = fuzzCase;
    const param = route.params.length > 0 ? fuzzCase.param : undefined;
    const url = urlOf(route, plan.params(route), param);
    const requestText = `${url} ${Buffer.isBuffer(body.payload) ? body.payload.toString('utf8') : (body.payload ?? '')}`;
    for (const [caller, headers] of Object.entries(callers)) {
      const response = await app.inject({
        method: route.method,
        url,
        headers: { ...headers, ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }) },
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      });
      routeReport.requests++;
      const byStatus = (routeReport.statuses[caller] ??= {});
      byStatus[response.statusCode] = (byStatus[response.statusCode] ?? 0) + 1;
      for (const problem of responseProblems(response, { html, requestText })) {
        routeReport.problems[problem.kind]++;
        if (failures.length >= FAILURES_KEPT_PER_ROUTE) continue;
        failures.push({
          route: route.key,
          caller,
          index,
          kind: problem.kind,
          detail: problem.detail,
          status: response.statusCode,
          request: `${param ? `${param.label}; ` : ''}${body.kind}; content-type ${body.contentType ?? '(none)'}; body ${excerpt(body.payload)}`,
          response: excerpt(response.body, 300),
        });
      }
    }
  }
  return { routeReport, failures };
}

/** One line per report: what `npm run fuzz` prints per service. */
export function fuzzSummary(report: FuzzReport): string {
  const name = report.label ? `${report.service} on ${report.label}` : report.service;
  return (
    `${name}: ${report.routes.length} routes, ${report.bodies} bodies (${report.runs} per route), ${report.requests} requests, ` +
    `${report.serverErrors} 5xx, ${report.shapeViolations} shape violations, ${report.leaks} leaks, ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed})`
  );
}

/** How many answers below 300 the routes named gave one caller: what a test checks the counted uses against. */
export function fuzzSuccesses(report: FuzzReport, routes: readonly string[], caller: string): number {
  let count = 0;
  for (const route of report.routes.filter((r) => routes.includes(r.route))) {
    for (const [status, n] of Object.entries(route.statuses[caller] ?? {})) if (Number(status) < 300) count += n;
  }
  return count;
}

/** The failures as lines a person can act on, with what replays each; empty when there are none. */
export function fuzzFailures(report: FuzzReport): string[] {
  return report.failures.map(
    (f) =>
      `${f.route} as ${f.caller}, case ${f.index}: ${f.kind}: ${f.detail} (status ${f.status})\n` +
      `    request: ${f.request}\n    response: ${f.response}\n` +
      `    replay: FUZZ_SEED=${report.seed} FUZZ_RUNS=${report.runs} FUZZ_ROUTE='${f.route}'`,
  );
}

/** For `npm run fuzz`: each report as JSON in FUZZ_REPORT_DIR, when it is set. */
function writeReportFile(report: FuzzReport): void {
  const dir = process.env.FUZZ_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = `${report.service}${report.label ? `-${report.label}` : ''}.json`.replace(/[^\w.-]/g, '_');
  writeFileSync(path.join(dir, name), JSON.stringify(report, null, 2));
}

/** A test timeout that grows with the number of bodies (FUZZ_RUNS per route by default): hostile bodies are quick, but not free. */
export function fuzzTimeoutMs(routes: number, runs = fuzzRunsFromEnv()): number {
  return 60_000 + runs * routes * 250;
}
