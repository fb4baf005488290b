/**
 * node services/identity/scripts/bench-export.ts
 *
 * Prints figures (no pass/fail): what one reader's "Download your data" costs when their history is long. Identity,
 * the decoder, the chat and billing run as processes on loopback, each in a schema of its own on the PostgreSQL this
 * machine answers on (DATABASE_URL or the default test database). One reader is registered through identity; their
 * decoder history, BENCH_ANALYSES analyses (400) of BENCH_ARTICLE_CHARS characters (100,000) each with a stored
 * result of about the same size, is written straight into the decoder's table. The script downloads the file once,
 * counting its bytes without keeping them, and prints the time, the size, and each process's peak resident memory
 * (VmHWM in /proc) before and after. BENCH_HEAP_MB=<n> caps each service's V8 heap at n MiB, as a container's limit
 * would, to see whether the download still succeeds. IDENTITY_SERVER=<file> and DECODER_SERVER=<file> run other entry points (an
 * older copy of a service) to compare.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { databaseTargets, dropSchemas, freePort } from '@keisha/service-kit/testing';
import { benchProcesses, SERVICES, type BenchProcess } from './lib/bench-processes.ts';

const serverOf = (name: string, variable: string) =>
  process.env[variable] ? path.resolve(process.env[variable]!) : path.join(SERVICES, name, 'src', 'server.ts');
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 400);
const ARTICLE_CHARS = Number(process.env.BENCH_ARTICLE_CHARS ?? 100_000);
/** BENCH_HEAP_MB caps every service's V8 heap (--max-old-space-size), as a container's memory limit would. */
const HEAP_MB = process.env.BENCH_HEAP_MB ? Number(process.env.BENCH_HEAP_MB) : undefined;
const INTERNAL = randomBytes(32).toString('base64url');
const READER = { email: 'bench-export-reader@example.org', password: 'bench-export-lantern-quartz-91' };

const postgres = (await databaseTargets()).find((t) => t.kind === 'postgres');
if (!postgres?.url) {
  console.error('bench-export needs PostgreSQL (it writes the history straight into the decoder’s table): start one on 127.0.0.1:5432 or set DATABASE_URL.');
  process.exit(1);
}
const tag = `bench_export_${process.pid}`;
const NAMES = ['identity', 'decoder', 'chat', 'billing'] as const;
const schemas = NAMES.map((name) => `${name}_${tag}`);

const { start, stop } = benchProcesses({
  databaseUrl: postgres.url,
  tag,
  internalToken: INTERNAL,
  ...(HEAP_MB ? { env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${HEAP_MB}`.trim() } } : {}),
});
type Running = BenchProcess;

/** A process's peak and current resident memory, in MiB (Linux /proc). */
function memoryOf(running: Running): { peak: number; now: number } {
  const status = readFileSync(`/proc/${running.child.pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kib('VmHWM') / 1024, now: kib('VmRSS') / 1024 };
}

const client = new pg.Client({ connectionString: postgres.url });
const processes: Running[] = [];
try {
  const identityPort = await freePort();
  const trusting = { IDENTITY_URL: `http://127.0.0.1:${identityPort}` };
  const billing = await start('billing', serverOf('billing', 'BILLING_SERVER'), trusting);
  processes.push(billing);
  const decoder = await start('decoder', serverOf('decoder', 'DECODER_SERVER'), { ...trusting, BILLING_URL: billing.url });
  processes.push(decoder);
  const chat = await start('chat', serverOf('chat', 'CHAT_SERVER'), { ...trusting, BILLING_URL: billing.url });
  processes.push(chat);
  const identity = await start('identity', serverOf('identity', 'IDENTITY_SERVER'), {
    BILLING_URL: billing.url,
    DECODER_URL: decoder.url,
    CHAT_URL: chat.url,
    NEWSLETTER_ENABLED: 'false',
    MAIL_POLL_MS: '3600000',
    LOGIN_RATE_LIMIT_MAX: '1000',
  }, identityPort);
  processes.push(identity);

  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${identity.url}${AUTH_PATHS.register}`, { method: 'POST', headers: json, body: JSON.stringify({ ...READER, confirm_password: READER.password }) });
  if (!registered.ok) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const { user, token } = (await registered.json()) as { user: { id: string }; token: string };

  await client.connect();
  await client.query(`update identity_${tag}.users set email_verified_at = now() where id = $1`, [user.id]);
  const article = 'The council said crime rose in the inner city while officials blamed welfare cheats. '.repeat(Math.ceil(ARTICLE_CHARS / 86)).slice(0, ARTICLE_CHARS);
  const result = JSON.stringify({ analysis: { score: 60, summary: 'A summary.', terms: [] }, translation: { text: article } });
  for (let from = 0; from < ANALYSES; from += 20) {
    const n = Math.min(20, ANALYSES - from);
    await client.query(
      `insert into decoder_${tag}.analyses (user_id, title, score, term_count, text, result, created_at)
       select $1, 'Story ' || i, 60, 0, $2, $3, now() - (i || ' minutes')::interval from generate_series($4::int, $5::int) as i`,
      [user.id, article, result, from + 1, from + n],
    );
  }

  const before = processes.map(memoryOf);
  const began = performance.now();
  let status = 'no answer';
  let bytes = 0;
  try {
    const answer = await fetch(`${identity.url}${AUTH_PATHS.exportData}`, { headers: { authorization: `Bearer ${token}` } });
    status = String(answer.status);
    if (answer.body) for await (const chunk of answer.body) bytes += (chunk as Uint8Array).byteLength;
  } catch (error) {
    status += `, then the connection failed: ${String(error)}`;
  }
  const seconds = (performance.now() - began) / 1000;
  const after = processes.map((running) => (running.child.exitCode === null && running.child.signalCode === null ? memoryOf(running) : { peak: NaN, now: NaN }));

  console.log(`identity: ${path.relative(process.cwd(), serverOf('identity', 'IDENTITY_SERVER'))}; decoder: ${path.relative(process.cwd(), serverOf('decoder', 'DECODER_SERVER'))}`);
  console.log(`history: ${ANALYSES} analyses of ${ARTICLE_CHARS.toLocaleString('en-US')} characters (result ${result.length.toLocaleString('en-US')} characters each)`);
  console.log(`download: ${status} in ${seconds.toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MiB${HEAP_MB ? `, heap capped at ${HEAP_MB} MiB` : ''}`);
  const exited = processes.filter((running) => running.child.exitCode !== null || running.child.signalCode !== null);
  if (exited.length > 0) console.log(`exited during the download: ${exited.map((running) => running.name).join(', ')}`);
  console.log('| process | peak RSS before (MiB) | peak RSS after (MiB) | RSS after (MiB) |');
  console.log('| --- | --- | --- | --- |');
  processes.forEach((running, i) => console.log(`| ${running.name} | ${before[i]!.peak.toFixed(0)} | ${after[i]!.peak.toFixed(0)} | ${after[i]!.now.toFixed(0)} |`));
} finally {
  await Promise.all(processes.map(stop));
  await client.end().catch(() => {});
  await dropSchemas(postgres.url, schemas);
}
