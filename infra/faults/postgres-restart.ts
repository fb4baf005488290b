// Case 3 of the fault suite (run.ts): PostgreSQL stopped at once (as a crash) and started again during a
// minute of mixed writes. No acknowledged write may be lost, every failed write is answered 503 with
// Retry-After (never 500), the quotas count exactly what was acknowledged, and every service answers again
// without being restarted.
import { WAITLIST_PATH } from '@keisha/contracts/identity';
import { BILLING_PATHS } from '@keisha/contracts/billing';
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import type { Platform } from '../local/platform.ts';
import { SERVICES, type ServiceName } from '../local/topology.ts';
import { newLedger, reconcile, reconciliationTable, type Ledger, type Reconciliation } from './ledger.ts';
import { article, call, check, RUN, seconds, signUp, sleep, streamChat, type Answer, type Reader } from './harness.ts';
import type { PrivatePostgres } from './private-postgres.ts';

const WRITE_SECONDS = Number(process.env.FAULTS_WRITE_SECONDS ?? 60);
const OUTAGE_SECONDS = Number(process.env.FAULTS_OUTAGE_SECONDS ?? 5);
/**
 * Writes per kind are bounded too, whatever the machine's speed, and paced over the whole window: a kind
 * that writes fast (a demo request is one insert) would otherwise reach the bound before the database
 * goes down, and the outage would never be seen (it happened on a faster machine: billing's 3,000 demo
 * requests were all in before the crash at 20 s).
 */
const MAX_WRITES_PER_KIND = 3000;
const WRITE_INTERVAL_MS = (WRITE_SECONDS * 1000) / MAX_WRITES_PER_KIND;
const RECOVERY_LIMIT_MS = 60_000;

interface Writer {
  ledger: Ledger;
  /** How the failed writes were answered: status and error code, and whether a 503 said when to retry. */
  refusals: Map<string, number>;
  /** One write; its marker when acknowledged, and the answer. */
  write(n: number): Promise<{ marker?: string; answer: Answer }>;
}

function writers(readers: Reader[]): Record<string, Writer> {
  const reader = (n: number) => readers[n % readers.length]!;
  const writer = (kind: string, write: Writer['write']): Writer => ({ ledger: newLedger(kind), refusals: new Map(), write });
  const byEmail = (kind: string, letter: string, ask: (email: string) => Promise<Answer>, ok: number): Writer =>
    writer(kind, async (n) => {
      const email = `faults-${RUN}-${letter}${n}@example.org`;
      const answer = await ask(email);
      return { marker: answer.status === ok ? email : undefined, answer };
    });
  return {
    signUps: byEmail('sign-ups (identity)', 's', signUp, 201),
    waitlist: byEmail('waitlist joins (identity)', 'w', (email) => call('POST', WAITLIST_PATH, { body: { email } }), 201),
    demos: byEmail('demo requests (billing)', 'd', (email) => call('POST', BILLING_PATHS.demoRequest, { body: { email } }), 201),
    analyses: writer('analyses (decoder history)', async (n) => {
      const marker = `${RUN}-a${n}`;
      const answer = await call('POST', DECODER_PATHS.analyze, { token: reader(n).token, body: { text: article(marker) } });
      return { marker: answer.status === 200 ? marker : undefined, answer };
    }),
    // Sent as the browser sends it: the event stream.
    chat: writer('chat messages (chat, streamed)', async (n) => {
      const marker = `${RUN}-c${n}`;
      const answer = await streamChat(reader(n).token, `Tell me about redlining. ${marker}`);
      return { marker: answer.status === 200 && answer.body?.status === 'complete' ? marker : undefined, answer };
    }),
  };
}

async function writeUntil(writer: Writer, deadline: number): Promise<void> {
  const started = Date.now();
  for (let n = 0; n < MAX_WRITES_PER_KIND && Date.now() < deadline; n++) {
    const due = started + n * WRITE_INTERVAL_MS;
    if (due > Date.now()) await sleep(due - Date.now());
    const { marker, answer } = await writer.write(n);
    if (marker) writer.ledger.acknowledged.add(marker);
    else {
      writer.ledger.failed++;
      const code = answer.body?.error?.code ?? answer.body?.code ?? '';
      const key = `${answer.status}${code ? ` ${code}` : ''}${answer.status === 503 ? (answer.retryAfter ? ' +Retry-After' : ' NO Retry-After') : ''}`;
      writer.refusals.set(key, (writer.refusals.get(key) ?? 0) + 1);
      await sleep(100); // no hammering while a service cannot write
    }
  }
}

/** Markers stored in the database, read directly (not through the services). */
function storedMarkers(postgres: PrivatePostgres): Record<string, string[]> {
  const lines = (sql: string) => postgres.query(sql).split('\n').filter(Boolean);
  return {
    signUps: lines(`select email from identity.users where email like 'faults-${RUN}-s%'`),
    waitlist: lines(`select email from identity.waitlist where email like 'faults-${RUN}-w%'`),
    demos: lines(`select email from billing.enterprise_demo_requests where email like 'faults-${RUN}-d%'`),
    analyses: lines(`select substring(text from 'Reference (${RUN}-a[0-9]+)') from decoder.analyses where text like '%Reference ${RUN}-a%'`),
    chat: lines(`select substring(user_prompt from '(${RUN}-c[0-9]+)') from chat.messages where user_prompt like '%${RUN}-c%' and status = 'complete'`),
  };
}

/** Until every service is ready and takes a real write again; ms since `since`, per service. */
async function recovery(platform: Platform, readers: Reader[], since: number): Promise<Partial<Record<ServiceName, number>>> {
  const probes: Record<ServiceName, () => Promise<boolean>> = {
    identity: async () => (await call('POST', WAITLIST_PATH, { body: { email: `faults-${RUN}-probe-${Date.now()}@example.org` }, timeoutMs: 3000 })).status === 201,
    decoder: async () => (await call('POST', DECODER_PATHS.analyze, { token: readers[0]!.token, body: { text: article(`${RUN}-probe`) }, timeoutMs: 3000 })).status === 200,
    chat: async () => (await call('POST', CHAT_PATHS.send, { token: readers[0]!.token, body: { message: `probe ${RUN}` }, timeoutMs: 3000 })).status === 200,
    billing: async () => (await call('POST', BILLING_PATHS.demoRequest, { body: { email: `faults-${RUN}-probe@example.org` }, timeoutMs: 3000 })).status === 201,
  };
  const recovered: Partial<Record<ServiceName, number>> = {};
  await Promise.all(
    SERVICES.map(async (name) => {
      while (Date.now() - since < RECOVERY_LIMIT_MS) {
        const readyAnswer = await fetch(`http://127.0.0.1:${platform.ports.services[name]}/health/ready`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
        if (readyAnswer === 200 && (await probes[name]())) {
          recovered[name] = Date.now() - since;
          return;
        }
        await sleep(100);
      }
    }),
  );
  return recovered;
}
export async function postgresRestart(platform: Platform, postgres: PrivatePostgres, readers: Reader[]): Promise<void> {
  const pids = Object.fromEntries(SERVICES.map((name) => [name, platform.servicePid(name)]));
  const all = writers(readers);
  const started = Date.now();
  const deadline = started + WRITE_SECONDS * 1000;
  const writing = Promise.all(Object.values(all).map((writer) => writeUntil(writer, deadline)));

  // A third of the way in, the database goes down at once and stays down for a few seconds.
  await sleep((WRITE_SECONDS * 1000) / 3);
  const crashedAt = Date.now();
  await postgres.crash();
  await sleep(OUTAGE_SECONDS * 1000);
  await postgres.start();
  const upAt = Date.now();
  const recovered = await recovery(platform, readers, upAt);
  await writing;
  const wroteFor = Date.now() - started;

  const stored = storedMarkers(postgres);
  const rows: Reconciliation[] = Object.entries(all).map(([key, writer]) => reconcile(writer.ledger, stored[key] ?? []));

  // Each signed-in analysis took one use of its reader's day: the counters must cover every acknowledged one.
  const usedByReaders = Number(
    postgres.query(`select coalesce(sum(used), 0) from decoder.usage_counters where subject in (${readers.map((r) => `'user:${r.id}'`).join(', ')})`),
  );
  const probeAnalyses = Number(postgres.query(`select count(*) from decoder.analyses where text like '%Reference ${RUN}-probe%'`));
  // The chat counts a message when the model answers it and gives it back when the answer fails (a fallback
  // to the offline responder is not charged either): its counters must equal the answers the model gave.
  const readerIds = readers.map((r) => `'${r.id}'`).join(', ');
  const chatCounted = Number(postgres.query(`select coalesce(sum(used), 0) from chat.chat_usage_counters where user_id in (${readerIds})`));
  const chatAnswered = Number(
    postgres.query(
      `select count(*) from chat.messages m join chat.chat_sessions s on s.id = m.session_id where s.user_id in (${readerIds}) and m.ai_response is not null and m.status in ('complete', 'stopped') and m.engine = 'llm'`,
    ),
  );
  const analysesAcknowledged = all.analyses!.ledger.acknowledged.size;

  console.log(`\n3. PostgreSQL stopped at once (pg_ctl stop -m immediate) after ${seconds(crashedAt - started)} of mixed writes, started again ${seconds(upAt - crashedAt)} later; writes for ${seconds(wroteFor)}`);
  console.log(reconciliationTable(rows).replace(/^/gm, '   '));
  console.log(`   decoder quota: ${usedByReaders} uses counted for ${analysesAcknowledged} acknowledged analyses and ${probeAnalyses} recovery probes (a use taken by a request that failed in the outage and could not be given back shows here as extra)`);
  console.log(`   chat quota: ${chatCounted} messages counted for ${chatAnswered} answers the model gave these readers (every case so far)`);
  const worst = Math.max(...SERVICES.map((name) => recovered[name] ?? Infinity));
  console.log(
    `   back after the database was up: ${SERVICES.map((name) => `${name} ${recovered[name] === undefined ? 'never' : seconds(recovered[name]!)}`).join(', ')} (ready and a real write); all ${Number.isFinite(worst) ? `${seconds(worst)}, ${seconds(upAt - crashedAt + worst)} after the crash` : 'NOT recovered'}`,
  );
  const restarted = SERVICES.filter((name) => platform.servicePid(name) !== pids[name]);
  console.log(`   services restarted meanwhile: ${restarted.length === 0 ? 'none' : restarted.join(', ')}`);

  // How failed writes were answered: a dependency down is 503 with a reason and Retry-After, never a 500.
  // (An answer the client gave up waiting for is status 0; an error event of the stream is 200 with its code.)
  for (const [key, writer] of Object.entries(all)) {
    const refusals = [...writer.refusals].map(([answer, n]) => `${answer}: ${n}`).join(', ') || 'none';
    console.log(`   ${writer.ledger.kind} failed with: ${refusals}`);
    const wrong = [...writer.refusals.keys()].filter((answer) => !/^(0|503 \S+ \+Retry-After|200 AI_REPLY_FAILED)$/.test(answer));
    check(wrong.length === 0, `${key}: failed writes answered other than 503 with Retry-After during the outage: ${wrong.join(', ')}`);
  }
  for (const row of rows) {
    check(row.missing.length === 0, `${row.kind}: ${row.missing.length} acknowledged writes missing (${row.missing.slice(0, 3).join(', ')})`);
    check(row.acknowledged > 0, `${row.kind}: no write was acknowledged at all`);
    check(row.failed > 0 || OUTAGE_SECONDS === 0, `${row.kind}: no request failed, so the outage was not seen`);
  }
  check(usedByReaders === analysesAcknowledged + probeAnalyses, `decoder quota counted ${usedByReaders} uses for ${analysesAcknowledged} acknowledged analyses and ${probeAnalyses} probes`);
  check(chatCounted === chatAnswered, `chat quota counted ${chatCounted} messages for ${chatAnswered} answers`);
  check(Number.isFinite(worst), `not every service answered within ${seconds(RECOVERY_LIMIT_MS)} of the database's return`);
  check(restarted.length === 0, `services restarted instead of reconnecting: ${restarted.join(', ')}`);
}
