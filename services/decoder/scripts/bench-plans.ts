/**
 * node services/decoder/scripts/bench-plans.ts
 *
 * Prints figures (no pass/fail): what asking billing for a reader's plan costs a decoder request, over real HTTP.
 * Identity, billing (its sandbox on) and the decoder run as processes on loopback, on PostgreSQL when one answers
 * (PGlite otherwise), each in a schema of its own, with one internal token; the decoder has no DEFAULT_ACCOUNT_TIER,
 * so it asks billing's internal route for every signed-in reader's plan as in a deployment. Three kinds of reader
 * send GET /api/bias-usage/current (the reader resolved, the counter read: the cheapest route that asks for a plan,
 * so the plan's share of it is the largest): signed-in free readers, signed-in paid readers (monthly, bought in the
 * sandbox) and guests (a device cookie, never a question to billing). Each kind is BENCH_READERS accounts (20 by
 * default) taken in turn, so that one reader's questions rarely overlap (the lookup asks once per reader at a time).
 *
 * After BENCH_WARMUP seconds (10) of each kind, BENCH_ROUNDS rounds (2); in each, every kind in turn (the order
 * rotated from round to round): 10 connections for BENCH_SECONDS (10), the throughput and its latency, then one
 * connection for half that, the latency of a request alone. Latencies are every response's own (autocannon's
 * 'response' event), p50/p95/p99. Per request it also prints the questions billing answered on its internal route
 * (its /metrics), the decoder's and billing's CPU (/proc) and their PostgreSQL backends' CPU (by application_name),
 * and the decoder's failed plan lookups.
 * DECODER_SERVER=<file> runs another entry point for the decoder (an older copy of the service) to compare.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { INTERNAL_ENTITLEMENT_PATH, PAYMENT_PATHS, paymentPath } from '@keisha/contracts/billing';
import { databaseTargets, dropSchemas, freePort, processCpuMs, startBillingProcess, startIdentityProcess, subjectOf } from '@keisha/service-kit/testing';
import { settle, waitUntilAnswering } from './lib/decoder-process.ts';
import { percentile } from './lib/metrics.ts';

const SERVER = process.env.DECODER_SERVER ? path.resolve(process.env.DECODER_SERVER) : path.resolve(import.meta.dirname, '..', 'src', 'server.ts');
const READERS = Number(process.env.BENCH_READERS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const ROUTE = '/api/bias-usage/current?time_zone=UTC';
const KINDS = ['free', 'paid', 'guest'] as const;
type Kind = (typeof KINDS)[number];

// Every process this script starts inherits one internal token (no file shared with other runs on the machine).
process.env.INTERNAL_API_TOKEN = randomBytes(32).toString('base64url');

const postgres = (await databaseTargets()).find((t) => t.kind === 'postgres');
const tag = `bench_plans_${process.pid}`;
const withName = (url: string, name: string) => `${url}${url.includes('?') ? '&' : '?'}application_name=${tag}_${name}`;
const database = (name: string): Record<string, string> =>
  postgres?.url ? { DATABASE_URL: withName(postgres.url, name), DATABASE_SCHEMA: `${name}_${tag}` } : {};

/** The pid of this script's child process running `services/<name>/src/server.ts`. */
function childRunning(name: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === process.pid && command.includes(path.join(name, 'src', 'server.ts'))) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

type Backends = Map<number, { app: 'decoder' | 'billing'; ms: number }>;

/** The CPU ms so far of each PostgreSQL backend of this run's decoder and billing (by application_name), or undefined. */
async function backends(): Promise<Backends | undefined> {
  if (!postgres?.url) return undefined;
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number; application_name: string }>('select pid, application_name from pg_stat_activity where application_name like $1', [`${tag}_%`]);
    const seen: Backends = new Map();
    for (const row of rows) {
      const ms = processCpuMs(row.pid);
      if (ms === undefined) return undefined;
      if (row.application_name.endsWith('_decoder')) seen.set(row.pid, { app: 'decoder', ms });
      if (row.application_name.endsWith('_billing')) seen.set(row.pid, { app: 'billing', ms });
    }
    return seen;
  } finally {
    await client.end();
  }
}

/** CPU ms the backends used between two readings: one that started meanwhile counts whole, one that ended is missed. */
function backendCpuMs(before: Backends | undefined, after: Backends | undefined, app: 'decoder' | 'billing'): number | undefined {
  if (!before || !after) return undefined;
  let used = 0;
  for (const [pid, now] of after) if (now.app === app) used += now.ms - (before.get(pid)?.ms ?? 0);
  return used;
}

/** Sums a Prometheus counter's samples whose labels contain every one of `labels`. */
async function metric(url: string, name: string, ...labels: string[]): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name}{`) && labels.every((label) => line.includes(label))) sum += Number(line.split(' ').pop());
  }
  return sum;
}

const identity = await startIdentityProcess(database('identity'));
const billing = await startBillingProcess(identity.url, { ...database('billing'), RATE_LIMIT_MAX: '10000000' });
const decoderPort = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-bench-plans-'));
const decoderProcess = spawn(process.execPath, [SERVER], {
  env: {
    ...process.env,
    ...database('decoder'),
    PORT: String(decoderPort),
    IDENTITY_URL: identity.url,
    BILLING_URL: billing.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '10000000',
    ANALYSIS_RATE_LIMIT_MAX: '10000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${decoderPort}`;

async function stopAll(): Promise<void> {
  if (decoderProcess.exitCode === null && decoderProcess.signalCode === null) {
    decoderProcess.kill('SIGTERM');
    await new Promise((resolve) => decoderProcess.once('exit', resolve));
  }
  await billing.stop();
  await identity.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await dropSchemas(postgres?.url, ['identity', 'billing', 'decoder'].map((name) => `${name}_${tag}`));
}

interface Load {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  answers: number;
  other: number;
  billingCalls: number;
  billingNon200: number;
  lookupFailures: number;
  decoderCpu?: number;
  billingCpu?: number;
  pgDecoderCpu?: number;
  pgBillingCpu?: number;
}

try {
  await waitUntilAnswering(`${base}/health/ready`);
  const decoderPid = decoderProcess.pid;
  const billingPid = childRunning('billing');

  // The readers: free accounts as registered, paid ones with a monthly plan bought in the sandbox, guests with a device cookie.
  const headersOf: Record<Kind, Array<Record<string, string>>> = { free: [], paid: [], guest: [] };
  for (let i = 0; i < READERS; i++) {
    headersOf.free.push({ authorization: `Bearer ${await identity.tokenFor('user')}` });
    const token = await identity.tokenFor('user');
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${billing.url}${PAYMENT_PATHS.createSubscription}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ user_id: subjectOf(token), tier: 'monthly', payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' }),
    });
    if (!created.ok) throw new Error(`create-subscription: ${created.status} ${await created.text()}`);
    const { subscription_id: id } = (await created.json()) as { subscription_id: string };
    const paid = await fetch(`${billing.url}${paymentPath(PAYMENT_PATHS.sandboxPay, { id })}`, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
    headersOf.paid.push({ authorization: `Bearer ${token}` });
    const first = await fetch(`${base}${ROUTE}`);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('keisha_device='))?.split(';')[0];
    if (!cookie) throw new Error('no device cookie for a guest');
    headersOf.guest.push({ cookie });
  }
  // Each kind is what it says before anything is timed.
  const expected: Record<Kind, string> = { free: 'free', paid: 'monthly', guest: 'guest' };
  for (const kind of KINDS) {
    for (const headers of headersOf[kind]) {
      const tier = ((await (await fetch(`${base}${ROUTE}`, { headers })).json()) as { usage?: { subscription_tier?: string } }).usage?.subscription_tier;
      if (tier !== expected[kind]) throw new Error(`a ${kind} reader was answered as ${tier}`);
    }
  }

  const billingRoute = `route="${INTERNAL_ENTITLEMENT_PATH}"`;
  async function load(kind: Kind, connections: number, seconds: number): Promise<Load> {
    const readers = headersOf[kind];
    let next = 0;
    const latencies: number[] = [];
    const [calls0, ok0, failures0] = await Promise.all([
      metric(billing.url, 'http_request_duration_seconds_count', billingRoute),
      metric(billing.url, 'http_request_duration_seconds_count', billingRoute, 'status_code="200"'),
      metric(base, 'plan_lookup_failures_total'),
    ]);
    const cpu0 = { decoder: processCpuMs(decoderPid), billing: processCpuMs(billingPid), pg: await backends() };
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections,
          duration: seconds,
          requests: [
            {
              method: 'GET',
              path: ROUTE,
              setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...readers[next++ % readers.length]! } }),
            },
          ],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
    });
    await settle();
    const cpu1 = { decoder: processCpuMs(decoderPid), billing: processCpuMs(billingPid), pg: await backends() };
    const [calls1, ok1, failures1] = await Promise.all([
      metric(billing.url, 'http_request_duration_seconds_count', billingRoute),
      metric(billing.url, 'http_request_duration_seconds_count', billingRoute, 'status_code="200"'),
      metric(base, 'plan_lookup_failures_total'),
    ]);
    latencies.sort((a, b) => a - b);
    const answers = result['2xx'];
    const per = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : (b - a) / answers);
    return {
      perSecond: answers / seconds,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      answers,
      other: result.non2xx + result.errors + result.timeouts,
      billingCalls: (calls1 - calls0) / answers,
      billingNon200: calls1 - calls0 - (ok1 - ok0),
      lookupFailures: failures1 - failures0,
      decoderCpu: per(cpu0.decoder, cpu1.decoder),
      billingCpu: per(cpu0.billing, cpu1.billing),
      pgDecoderCpu: per(0, backendCpuMs(cpu0.pg, cpu1.pg, 'decoder')),
      pgBillingCpu: per(0, backendCpuMs(cpu0.pg, cpu1.pg, 'billing')),
    };
  }

  for (const kind of KINDS) if (WARMUP > 0) await load(kind, CONNECTIONS, WARMUP);
  const loaded: Record<Kind, Load[]> = { free: [], paid: [], guest: [] };
  const alone: Record<Kind, Load[]> = { free: [], paid: [], guest: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]!);
    for (const kind of order) {
      loaded[kind].push(await load(kind, CONNECTIONS, SECONDS));
      alone[kind].push(await load(kind, 1, Math.max(1, Math.round(SECONDS / 2))));
    }
  }

  const ms = (v: number | undefined, digits = 2) => (v === undefined || Number.isNaN(v) ? '?' : v.toFixed(digits));
  console.log(
    `\nGET ${ROUTE} (node ${process.version}, ${os.cpus().length} CPUs, ${postgres ? 'PostgreSQL' : 'PGlite'}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end); ` +
      `${READERS} readers of each kind in turn, ${WARMUP} s warm-up each, ${ROUNDS} rounds; decoder ${path.relative(process.cwd(), SERVER)}`,
  );
  console.log('kind   load          req/s    p50 ms   p95 ms   p99 ms  non-2xx  billing calls/req (non-200)  lookup failures  CPU ms/req: decoder  billing  PG(decoder)  PG(billing)');
  for (const [label, figures] of [
    [`${CONNECTIONS} conn.`, loaded],
    ['1 conn.', alone],
  ] as const) {
    for (const kind of KINDS) {
      figures[kind].forEach((f, i) => {
        console.log(
          `${kind.padEnd(6)} ${`${label} r${i + 1}`.padEnd(12)} ${f.perSecond.toFixed(0).padStart(6)}  ${ms(f.p50).padStart(7)}  ${ms(f.p95).padStart(7)}  ${ms(f.p99).padStart(7)}  ` +
            `${String(f.other).padStart(7)}  ${ms(f.billingCalls, 3).padStart(17)} (${f.billingNon200})  ${String(f.lookupFailures).padStart(15)}  ` +
            `${ms(f.decoderCpu, 3).padStart(19)}  ${ms(f.billingCpu, 3).padStart(7)}  ${ms(f.pgDecoderCpu, 3).padStart(11)}  ${ms(f.pgBillingCpu, 3).padStart(11)}`,
        );
      });
    }
  }
} finally {
  await stopAll();
}
