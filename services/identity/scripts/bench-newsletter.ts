/**
 * node services/identity/scripts/bench-newsletter.ts
 *
 * Prints figures (no pass/fail): how long one day's newsletter takes to walk its readers, over real HTTP. Identity,
 * billing and the decoder run as processes on loopback, each in a schema of its own on the PostgreSQL this machine
 * answers on (the readers, their plans and their analyses are written straight into the three services' tables, so
 * the script needs one; DATABASE_URL or the default test database). BENCH_READERS readers (2,000) are subscribed
 * with confirmed addresses; BENCH_PAID_SHARE of them (0.5) hold a Monthly plan at billing, the rest are free, and
 * each paid reader has three analyses in the week. The administrator's "Send now" runs the day once; the script
 * prints the time it took, readers a second, the questions billing and the decoder answered (their /metrics),
 * the three processes' CPU (/proc) and the messages queued. The walk is timed alone: delivery only starts when the
 * run ends and wakes it (its timer is held off). Then the script times the delivery of what the run queued, to
 * .eml files in a temporary folder (no SMTP_URL), until no message waits.
 * IDENTITY_SERVER=<file> runs another entry point for identity (an older copy of the service) to compare.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_NEWSLETTER_PATHS } from '@keisha/contracts/identity';
import { databaseTargets, dropSchemas, processCpuMs } from '@keisha/service-kit/testing';
import { benchProcesses, SERVICES, type BenchProcess } from './lib/bench-processes.ts';

const IDENTITY_SERVER = process.env.IDENTITY_SERVER ? path.resolve(process.env.IDENTITY_SERVER) : path.join(SERVICES, 'identity', 'src', 'server.ts');
const READERS = Number(process.env.BENCH_READERS ?? 2000);
const PAID_SHARE = Number(process.env.BENCH_PAID_SHARE ?? 0.5);
const INTERNAL = randomBytes(32).toString('base64url');
const ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-lantern-quartz-91' };

const postgres = (await databaseTargets()).find((t) => t.kind === 'postgres');
if (!postgres?.url) {
  console.error('bench-newsletter needs PostgreSQL (it writes the readers straight into the services’ tables): start one on 127.0.0.1:5432 or set DATABASE_URL.');
  process.exit(1);
}
const tag = `bench_news_${process.pid}`;
const schemas = ['identity', 'billing', 'decoder'].map((name) => `${name}_${tag}`);

const { start, stop } = benchProcesses({ databaseUrl: postgres.url, tag, internalToken: INTERNAL });
type Running = BenchProcess;

/** Requests a service answered on routes under `prefix`, from its Prometheus /metrics. */
async function answered(running: Running, prefix: string): Promise<number> {
  const text = await (await fetch(`${running.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_request_duration_seconds_count{')) continue;
    const route = /route="([^"]*)"/.exec(line)?.[1] ?? '';
    if (route.startsWith(prefix)) total += Number(line.split(' ').at(-1));
  }
  return total;
}

const processes: Running[] = [];
const client = new pg.Client({ connectionString: postgres.url });
try {
  const billing = await start('billing', path.join(SERVICES, 'billing', 'src', 'server.ts'), {});
  processes.push(billing);
  const decoder = await start('decoder', path.join(SERVICES, 'decoder', 'src', 'server.ts'), {});
  processes.push(decoder);
  const identity = await start('identity', IDENTITY_SERVER, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    BILLING_URL: billing.url,
    DECODER_URL: decoder.url,
    NEWSLETTER_ENABLED: 'false',
    MAIL_POLL_MS: '3600000',
    LOGIN_RATE_LIMIT_MAX: '1000',
  });
  processes.push(identity);

  await client.connect();
  const readers = Array.from({ length: READERS }, (_, i) => ({ id: randomUUID(), email: `bench-reader-${i}@example.org`, paid: i < READERS * PAID_SHARE }));
  const ahead = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (let from = 0; from < readers.length; from += 500) {
    const slice = readers.slice(from, from + 500);
    await client.query(
      `insert into identity_${tag}.users (id, email, password_hash, email_verified_at) select unnest($1::uuid[]), unnest($2::text[]), 'not-a-hash', now()`,
      [slice.map((r) => r.id), slice.map((r) => r.email)],
    );
    await client.query(`insert into identity_${tag}.newsletter_subscriptions (user_id, subscribed, changed_by) select unnest($1::uuid[]), true, 'account'`, [slice.map((r) => r.id)]);
    const paid = slice.filter((r) => r.paid).map((r) => r.id);
    await client.query(
      `insert into billing_${tag}.subscriptions (user_id, product, tier, status, provider, provider_ref, current_period_end) select id, 'decoder', 'monthly', 'active', 'sandbox', 'bench-' || id, $2::timestamptz from unnest($1::uuid[]) as id`,
      [paid, ahead],
    );
    await client.query(
      `insert into decoder_${tag}.analyses (user_id, title, score, term_count, text, result, created_at)
       select id, 'Story ' || n, 20 + n * 10, n, 'Story ' || n, '{}', now() - (n || ' days')::interval from unnest($1::uuid[]) as id, generate_series(1, 3) as n`,
      [paid],
    );
  }

  const login = await fetch(`${identity.url}/api/auth/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const cpuBefore = processes.map((p) => processCpuMs(p.child.pid) ?? 0);
  const [billingBefore, decoderBefore] = [await answered(billing, '/internal/'), await answered(decoder, '/internal/')];
  const began = performance.now();
  const run = await fetch(`${identity.url}${ADMIN_NEWSLETTER_PATHS.run}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  const seconds = (performance.now() - began) / 1000;
  const body = (await run.json()) as { run?: { queued: number; skipped: number; complete: boolean } };
  const cpu = processes.map((p, i) => ((processCpuMs(p.child.pid) ?? 0) - cpuBefore[i]!) / 1000);
  const queued = (await client.query(`select count(*)::int as n from identity_${tag}.mail_outbox where kind = 'newsletter'`)).rows[0].n as number;

  console.log(`identity: ${path.relative(process.cwd(), IDENTITY_SERVER)}`);
  console.log(`readers: ${READERS} subscribed, ${readers.filter((r) => r.paid).length} with Monthly`);
  console.log(`run: HTTP ${run.status}, ${JSON.stringify(body.run)}, ${queued} newsletter messages in the outbox`);
  console.log(`time: ${seconds.toFixed(2)} s, ${(READERS / seconds).toFixed(0)} readers/s`);
  console.log(`questions answered: billing ${(await answered(billing, '/internal/')) - billingBefore}, decoder ${(await answered(decoder, '/internal/')) - decoderBefore}`);
  console.log(`CPU seconds: ${processes.map((p, i) => `${p.name} ${cpu[i]!.toFixed(2)}`).join(', ')}`);
  const waiting = async () => (await client.query(`select count(*)::int as n from identity_${tag}.mail_outbox where status = 'pending'`)).rows[0].n as number;
  const deliveryCpu = processCpuMs(identity.child.pid) ?? 0;
  while ((await waiting()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const delivered = (performance.now() - began) / 1000;
  console.log(`delivery (files): every message out ${delivered.toFixed(2)} s after the run began, ${(queued / delivered).toFixed(0)} messages/s; identity CPU after the run ${(((processCpuMs(identity.child.pid) ?? 0) - deliveryCpu) / 1000).toFixed(2)} s`);
} finally {
  await client.end().catch(() => undefined);
  await Promise.all(processes.map(stop));
  await dropSchemas(postgres.url, schemas);
}
