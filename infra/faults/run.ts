// `npm run test:faults`: the platform on PostgreSQL, under the faults issues 14 and 26 name.
// 1. A service killed (kill -9): the other parts keep answering through the gateway, the launcher
//    starts it again.
// 2. The language model unreachable, hanging, malformed or rate-limited: the analysis answers with the
//    embedded engine's result and a note, and charges the reader no use.
// 3. PostgreSQL stopped at once (as a crash) and started again during a minute of mixed writes: no
//    acknowledged write is lost, every failed write is answered 503 with Retry-After (never 500), and
//    every service answers again without being restarted.
// 4-6. A flood of free readers, billing stopped, identity stopped (outages.ts): no paying reader counted
//    as free, no valid token refused as invalid, 503 with Retry-After for what cannot be known.
// 7. The chat killed mid-stream: the answer is marked failed, its message given back, Regenerate works.
// 8. The disk under the launcher's logs full: the site keeps answering, and logs are written again once freed.
// Everything runs on loopback: the real launcher's platform (startPlatform: services as processes,
// remotes, gateway), a PostgreSQL server of the suite's own in a temporary folder, and our own
// OpenAI-compatible server. It prints the figures and exits non-zero when a check fails.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_PATHS, WAITLIST_PATH } from '@keisha/contracts/identity';
import { BILLING_PATHS, ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { startPlatform, type Platform } from '../local/platform.ts';
import { SERVICES, type ServiceName } from '../local/topology.ts';
import { startFakeLlm, type FakeLlm, type LlmFault } from './fake-llm.ts';
import { newLedger, reconcile, reconciliationTable, type Ledger, type Reconciliation } from './ledger.ts';
import { article, call, check, confirmedReader, failures, PASSWORD, RUN, seconds, signUp, sleep, streamChat, useAddressConfirmation, useGateway, type Answer, type Reader } from './harness.ts';
import { billingStopped, buyChatPlan, buyDecoderPlan, chatKilledMidStream, identityStopped, logDiskFull, payingReaders, planFlood, releaseLogDisk, smallLogDisk } from './outages.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';

const BASE_PORT = Number(process.env.KEISHA_FAULTS_PORT ?? 3900);
const WRITE_SECONDS = Number(process.env.FAULTS_WRITE_SECONDS ?? 60);
const OUTAGE_SECONDS = Number(process.env.FAULTS_OUTAGE_SECONDS ?? 5);
/** Writes per kind are bounded too, whatever the machine's speed. */
const MAX_WRITES_PER_KIND = 3000;
const LLM_TIMEOUT_MS = 1500;
const RECOVERY_LIMIT_MS = 60_000;
const SUITE_LIMIT_MS = 10 * 60_000;
const KEYS_TTL_MS = 5000;

// ---------------------------------------------------------------------------------------------
// 1. A service killed

async function serviceKilled(platform: Platform, reader: Reader): Promise<void> {
  const victim: ServiceName = 'chat';
  const others: Array<[string, () => Promise<Answer>]> = [
    ['page /', () => call('GET', '/')],
    ['page /pricing', () => call('GET', '/pricing')],
    ['/remotes.json', () => call('GET', '/remotes.json')],
    ['identity', () => call('GET', AUTH_PATHS.me, { token: reader.token })],
    ['decoder', () => call('GET', DECODER_PATHS.usage, { token: reader.token })],
    ['billing', () => call('GET', ENTITLEMENT_PATHS.me, { token: reader.token })],
  ];
  const victimProbe = () => call('GET', CHAT_PATHS.usage, { token: reader.token, timeoutMs: 2000 });
  check((await victimProbe()).status === 200, 'chat did not answer before it was killed');

  const pid = platform.servicePid(victim)!;
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  let othersAsked = 0;
  const othersFailed: string[] = [];
  let victimDownSeen = false;
  let backAt: number | undefined;
  while (Date.now() - killedAt < RECOVERY_LIMIT_MS) {
    const [victimAnswer, ...answers] = await Promise.all([victimProbe(), ...others.map(([, ask]) => ask())]);
    answers.forEach((answer, i) => {
      othersAsked++;
      if (answer.status !== 200) othersFailed.push(`${others[i]![0]} answered ${answer.status}`);
    });
    if (victimAnswer.status !== 200) victimDownSeen = true;
    else if (victimDownSeen || Date.now() - killedAt > 500) {
      backAt = Date.now();
      break;
    }
    await sleep(100);
  }
  const newPid = platform.servicePid(victim);
  console.log(`\n1. A service killed (kill -9 ${victim}, pid ${pid})`);
  console.log(`   the other parts answered ${othersAsked - othersFailed.length} of ${othersAsked} requests meanwhile (pages /, /pricing, /remotes.json; identity, decoder, billing APIs)`);
  console.log(`   ${victim} answered again after ${backAt ? seconds(backAt - killedAt) : `more than ${seconds(RECOVERY_LIMIT_MS)}`}, as a new process (pid ${newPid}) started by the launcher`);
  check(othersFailed.length === 0, `while ${victim} was down, other parts failed: ${[...new Set(othersFailed)].join(', ')}`);
  check(victimDownSeen, `${victim} never stopped answering after kill -9`);
  check(backAt !== undefined, `${victim} was not back within ${seconds(RECOVERY_LIMIT_MS)}`);
  check(newPid !== undefined && newPid !== pid, `${victim} was not restarted by the launcher`);
}

// ---------------------------------------------------------------------------------------------
// 2. The language model failing

async function llmFaults(llm: FakeLlm, reader: Reader): Promise<void> {
  console.log(`\n2. The language model failing (the decoder's budget DECODER_LLM_TIMEOUT_MS=${LLM_TIMEOUT_MS})`);
  // The guest is one address throughout: a guest's uses are counted by address and device.
  const guest = '127.3.0.1';
  const guestUses = async () => (await call('GET', DECODER_PATHS.usage, { from: guest })).body?.usage?.daily_count as number;
  const chatMessages = async () => (await call('GET', CHAT_PATHS.usage, { token: reader.token })).body?.usage?.messages_today as number;
  const faults: Array<[LlmFault, string]> = [
    ['refuse', 'unreachable (connection refused)'],
    ['hang', 'hanging (no answer)'],
    ['malformed', 'malformed JSON'],
    ['rate-limited', 'rate-limited (429)'],
  ];
  for (const [fault, label] of faults) {
    await llm.setMode(fault);
    const before = await guestUses();
    const started = Date.now();
    const answer = await call('POST', DECODER_PATHS.analyze, { body: { text: article(`${RUN}-llm-${fault}`) }, from: guest });
    const took = Date.now() - started;
    const after = await guestUses();
    const note = (answer.body?.analysis?.notes ?? []).join(' ') as string;
    const ok =
      check(answer.status === 200, `LLM ${label}: the analysis answered ${answer.status}`) &&
      check(answer.body.analysis.engine === 'embedded', `LLM ${label}: engine ${answer.body.analysis.engine}, not the embedded one`) &&
      check(/language model was unavailable/.test(note), `LLM ${label}: no note about the model (${note})`);
    check(after === before, `LLM ${label}: the guest was charged (${before} -> ${after} uses)`);
    console.log(`   ${label.padEnd(34)} ${answer.status} in ${seconds(took)}, ${ok ? 'embedded result' : 'WRONG result'}, uses ${before} -> ${after}; note: ${note || '(none)'}`);

    // The chat falls back too: its offline responder says why, and the message costs nothing.
    const messagesBefore = await chatMessages();
    const chat = await call('POST', CHAT_PATHS.send, { token: reader.token, body: { message: `What is a dog whistle? (${RUN}-llm-${fault})` }, timeoutMs: 15_000 });
    const messagesAfter = await chatMessages();
    check(chat.status === 200 && chat.body.engine === 'embedded', `LLM ${label}: the chat answered ${chat.status} ${chat.body?.engine ?? ''}`);
    check(messagesAfter === messagesBefore, `LLM ${label}: the chat charged a message (${messagesBefore} -> ${messagesAfter})`);
    console.log(
      `   ${''.padEnd(34)} chat: ${chat.status}, ${chat.body?.engine ?? '-'} engine, messages ${messagesBefore} -> ${messagesAfter}, "${String(chat.body?.response ?? '').split('\n')[0]!.slice(0, 100)}"`,
    );
  }
  await llm.setMode('normal');
  const before = await guestUses();
  const answer = await call('POST', DECODER_PATHS.analyze, { body: { text: article(`${RUN}-llm-normal`) }, from: guest });
  const after = await guestUses();
  check(answer.status === 200 && answer.body.analysis.engine === 'embedded+llm', `the model answering again: ${answer.status} ${answer.body?.analysis?.engine}`);
  check(after === before + 1, `an analysis by the model should charge one use (${before} -> ${after})`);
  console.log(`   ${'model answering again'.padEnd(34)} ${answer.status}, ${answer.body?.analysis?.engine} engine, uses ${before} -> ${after}`);
  const messagesBefore = await chatMessages();
  const chat = await call('POST', CHAT_PATHS.send, { token: reader.token, body: { message: `What is a dog whistle? (${RUN}-llm-normal)` } });
  const messagesAfter = await chatMessages();
  check(chat.status === 200 && chat.body.engine === 'llm' && messagesAfter === messagesBefore + 1, `the chat with the model answering: ${chat.status} ${chat.body?.engine}, messages ${messagesBefore} -> ${messagesAfter}`);
  console.log(`   ${''.padEnd(34)} chat: ${chat.status}, ${chat.body?.engine ?? '-'} engine, messages ${messagesBefore} -> ${messagesAfter}`);
}

// ---------------------------------------------------------------------------------------------
// 3. PostgreSQL restarted under mixed writes

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
  for (let n = 0; n < MAX_WRITES_PER_KIND && Date.now() < deadline; n++) {
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
async function recovery(readers: Reader[], since: number): Promise<Partial<Record<ServiceName, number>>> {
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
        const readyAnswer = await fetch(`${servicesBase[name]}/health/ready`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
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
const servicesBase = {} as Record<ServiceName, string>;

async function postgresRestart(platform: Platform, postgres: PrivatePostgres, readers: Reader[]): Promise<void> {
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
  const recovered = await recovery(readers, upAt);
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

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const suiteStarted = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`The fault suite ran past ${seconds(SUITE_LIMIT_MS)}; stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, SUITE_LIMIT_MS);
  watchdog.unref();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-faults-'));
  // The launcher's logs on a small disk of their own (case 8), where this process may mount one (root).
  const logDir = path.join(dataDir, 'logs');
  const logDisk = smallLogDisk(logDir);
  const launcherLines: string[] = [];
  let postgres: PrivatePostgres | undefined;
  let llm: FakeLlm | undefined;
  let platform: Platform | undefined;
  const cleanup = async () => {
    await platform?.stop().catch(() => {});
    await llm?.close().catch(() => {});
    await postgres?.destroy().catch(() => {});
    if (logDisk) {
      // The logs live on the tmpfs: keep a copy beside it before it goes.
      try {
        cpSync(logDir, `${logDir}-kept`, { recursive: true, filter: (source) => !source.endsWith('filler') });
      } catch {
        // nothing to keep
      }
      releaseLogDisk(logDir);
    }
    platform = undefined;
    llm = undefined;
    postgres = undefined;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

  try {
    console.log(`Fault suite on loopback: gateway :${BASE_PORT}, services :${BASE_PORT + 1001}-${BASE_PORT + 1004}, fake LLM :${BASE_PORT + 80}, private PostgreSQL :${BASE_PORT + 90}`);
    postgres = await startPrivatePostgres(BASE_PORT + 90);
    llm = await startFakeLlm(BASE_PORT + 80);
    const unlimited = '1000000';
    platform = await startPlatform({
      basePort: BASE_PORT,
      dataDir,
      log: (line) => {
        launcherLines.push(line);
        console.log(`   [launcher] ${line}`);
      },
      // The suite's requests come from 250 addresses (harness.ts), told to the gateway by X-Forwarded-For.
      trustProxy: ['127.0.0.1', '::1'],
      serviceEnv: {
        DATABASE_URL: postgres.url,
        OPENAI_BASE_URL: llm.url,
        OPENAI_API_KEY: 'faults',
        DECODER_LLM_TIMEOUT_MS: String(LLM_TIMEOUT_MS),
        CHAT_FIRST_TOKEN_TIMEOUT_MS: String(LLM_TIMEOUT_MS),
        // The routes' own per-address limits are lifted for the writes of case 3 (thousands a minute); the
        // services' general limit (RATE_LIMIT_MAX, 600 a minute per address) stays, billing's included, and
        // plans come from billing (no DEFAULT_ACCOUNT_TIER or DEFAULT_CHAT_TIER): cases 4 and 5 need both.
        LOGIN_RATE_LIMIT_MAX: unlimited,
        REGISTER_DAILY_LIMIT_PER_ADDRESS: unlimited,
        WAITLIST_RATE_LIMIT_MAX: unlimited,
        ANALYSIS_RATE_LIMIT_MAX: unlimited,
        CHAT_RATE_LIMIT_MAX: unlimited,
        DEMO_REQUEST_RATE_LIMIT_MAX: unlimited,
        // Cases 4 and 5 check the annual reader's API key every round (hundreds a minute): its per-minute limit
        // (120) is the replica suite's to check, a refusal by it is no downgrade.
        API_KEY_RATE_LIMIT_MAX: unlimited,
        IDENTITY_KEYS_TTL_MS: String(KEYS_TTL_MS),
        ADMIN_EMAIL: 'admin@faults.example.org',
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
      },
    });
    useGateway(`http://127.0.0.1:${platform.ports.gateway}`);
    for (const name of SERVICES) servicesBase[name] = `http://127.0.0.1:${platform.ports.services[name]}`;
    console.log(`Platform ready on PostgreSQL (data and logs: ${dataDir})`);

    // The chat asks for a confirmed address: confirmed in the database, as the mailed link would.
    useAddressConfirmation((id) => postgres!.query(`update identity.users set email_verified_at = now() where id = '${id}'`));
    const readers = await Promise.all([0, 1, 2, 3].map((i) => confirmedReader(`reader${i}`)));
    // Annual on the decoder and Gold on the chat, bought in the sandbox: no daily limit stops case 3's writes.
    for (const reader of readers) {
      await buyDecoderPlan(reader, 'annual');
      await buyChatPlan(reader, 'Gold');
    }
    const paying = await payingReaders();
    await serviceKilled(platform, readers[0]!);
    await llmFaults(llm, readers[1]!);
    await postgresRestart(platform, postgres, readers);
    await planFlood(paying);
    await billingStopped(platform, paying);
    await identityStopped(platform, readers[2]!, { keysTtlMs: KEYS_TTL_MS });
    await chatKilledMidStream(platform, llm);
    if (logDisk) await logDiskFull(platform, llm, logDir, launcherLines, readers[3]!);
    else console.log('\n8. The log disk full: not run (mounting a tmpfs needs root)');
  } catch (error) {
    failures.push(`the suite could not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanup();
    clearTimeout(watchdog);
  }

  if (failures.length > 0) {
    console.error(`\nFAILED (${failures.length}):\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    console.error(`Service logs are kept in ${logDisk ? `${logDir}-kept` : logDir}`);
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`\nAll fault checks passed in ${seconds(Date.now() - suiteStarted)}.`);
}

await main();
