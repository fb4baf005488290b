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
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { CHAT_PATHS } from '@keisha/contracts/chat';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { startPlatform, type Platform } from '../local/platform.ts';
import type { ServiceName } from '../local/topology.ts';
import { startFakeLlm, type FakeLlm, type LlmFault } from './fake-llm.ts';
import { article, call, check, confirmedReader, failures, PASSWORD, RUN, seconds, sleep, useAddressConfirmation, useGateway, type Answer, type Reader } from './harness.ts';
import { billingStopped, buyChatPlan, buyDecoderPlan, chatKilledMidStream, identityStopped, logDiskFull, payingReaders, planFlood, releaseLogDisk, smallLogDisk } from './outages.ts';
import { postgresRestart } from './postgres-restart.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';

const BASE_PORT = Number(process.env.KEISHA_FAULTS_PORT ?? 3900);
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
