// `npm run test:replicas`: the platform with 3 replicas of every service (the launcher's `--replicas 3`) on one
// PostgreSQL database and one Redis, through the edge, proving what issue 30 item 2 asks:
// 1. limits exact across replicas: a per-address limit (identity's waitlist), the sign-in throttle (per account
//    and address, in the database), a daily quota (the decoder's guest analyses) and the chat's daily messages;
// 2. a revoked session refused by every replica of every service within 2 s;
// 3. a conversation's "still answering" guard across replicas (Regenerate asked of every chat replica while an
//    answer streams on one of them);
// 4. one replica of each service killed (kill -9) under a load of writes: no acknowledged write lost, every
//    request after the kill answered;
// 5. a rolling restart of each service under load: no request fails;
// 6. a remote's new version rolled out and rolled back through remotes.json, the shell's page unchanged.
// Everything on loopback: PostgreSQL on 127.0.0.1:5432 (a database of the run's own, dropped at the end), Redis on
// 127.0.0.1:6379 (a key prefix of the run's own), our own OpenAI-compatible server. It prints its figures and
// time, and exits non-zero when a check fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform, type Platform } from '../local/platform.ts';
import type { RunningServer } from '../local/static-server.ts';
import { SERVICES } from '../local/topology.ts';
import { startFakeLlm, type FakeLlm } from '../faults/fake-llm.ts';
import { buyChatPlan, buyDecoderPlan } from '../faults/outages.ts';
import { failures, gatewayUrl, RUN, seconds, useGateway } from '../faults/harness.ts';
import { API_KEY_LIMIT, BASE_PORT, DATABASE, ERASURE_SETTLE_MS, LOGIN_FAILURE_LIMIT, REDIS_URL, REPLICAS, SUITE_LIMIT_MS, WAITLIST_LIMIT } from './settings.ts';
import { admin, databaseUrl } from './database.ts';
import { confirmedReader } from './harness.ts';
import { limitsExact } from './limits-exact.ts';
import { revocation } from './revocation.ts';
import { deletion } from './deletion.ts';
import { stillAnswering } from './still-answering.ts';
import { replicaKilled } from './replica-killed.ts';
import { rollingRestart } from './rolling-restart.ts';
import { remoteRollout } from './remote-rollout.ts';

async function main(): Promise<void> {
  const started = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`test:replicas ran past ${seconds(SUITE_LIMIT_MS)}; stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, SUITE_LIMIT_MS);
  watchdog.unref();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-replicas-'));
  const remotesFile = path.join(dataDir, 'remotes.json');
  let platform: Platform | undefined;
  let llm: FakeLlm | undefined;
  let remoteV2: RunningServer | undefined;
  let created = false;
  const cleanup = async () => {
    await platform?.stop().catch(() => {});
    await remoteV2?.close().catch(() => {});
    await llm?.close().catch(() => {});
    if (created) await admin((client) => client.query(`drop database if exists ${DATABASE} with (force)`)).catch(() => {});
    platform = undefined;
    llm = undefined;
    created = false;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

  try {
    await admin((client) => client.query(`create database ${DATABASE}`));
    created = true;
    llm = await startFakeLlm(BASE_PORT + 80);
    console.log(`test:replicas: ${REPLICAS} replicas of each service, gateway :${BASE_PORT}, PostgreSQL database ${DATABASE}, Redis ${REDIS_URL} (prefix keisha:replicas-${RUN})`);
    const unlimited = '1000000';
    platform = await startPlatform({
      basePort: BASE_PORT,
      dataDir,
      replicas: REPLICAS,
      remotesFile,
      log: (line) => console.log(`   [launcher] ${line}`),
      trustProxy: ['127.0.0.1', '::1'],
      serviceEnv: {
        DATABASE_URL: databaseUrl(DATABASE),
        REDIS_URL,
        REDIS_KEY_PREFIX: `keisha:replicas-${RUN}`,
        OPENAI_BASE_URL: llm.url,
        OPENAI_API_KEY: 'replicas',
        WAITLIST_RATE_LIMIT_MAX: String(WAITLIST_LIMIT),
        API_KEY_RATE_LIMIT_MAX: String(API_KEY_LIMIT),
        LOGIN_FAILURE_LIMIT: String(LOGIN_FAILURE_LIMIT),
        LOGIN_RATE_LIMIT_MAX: unlimited,
        REGISTER_DAILY_LIMIT_PER_ADDRESS: unlimited,
        ANALYSIS_RATE_LIMIT_MAX: unlimited,
        CHAT_RATE_LIMIT_MAX: unlimited,
        DEMO_REQUEST_RATE_LIMIT_MAX: unlimited,
        ERASURE_SETTLE_MS: String(ERASURE_SETTLE_MS),
        ERASURE_POLL_MS: '500',
        LOG_LEVEL: 'warn',
      },
    });
    useGateway(`http://127.0.0.1:${platform.ports.gateway}`);
    console.log(`Platform ready in ${seconds(Date.now() - started)}: ${SERVICES.map((name) => `${name} ${platform!.replicasOf(name).map((r) => r.port).join('/')}`).join(', ')}`);
    // The registry file the gateway re-reads on every request: first the default, then rollout and rollback.
    writeFileSync(remotesFile, await (await fetch(`${gatewayUrl()}/remotes.json`)).text());

    // The load's readers: confirmed, on the decoder's Annual and the chat's Gold (bought in the sandbox), so no
    // daily limit stops their writes.
    const readers = await Promise.all([0, 1, 2, 3].map((i) => confirmedReader(`load${i}`)));
    for (const reader of readers) {
      await buyDecoderPlan(reader, 'annual');
      await buyChatPlan(reader, 'Gold');
    }
    // REPLICAS_CASES=limits,revocation,... runs only those (all by default).
    const only = (process.env.REPLICAS_CASES ?? '').split(',').map((c) => c.trim()).filter(Boolean);
    const step = async (name: string, run: () => Promise<unknown>) => {
      if (only.length > 0 && !only.includes(name.split(' ')[0]!)) return;
      const t = Date.now();
      try {
        await run();
      } catch (error) {
        failures.push(`${name} could not run: ${error instanceof Error ? error.message : String(error)}`);
      }
      console.log(`   (${name}: ${seconds(Date.now() - t)})`);
    };
    await step('limits', () => limitsExact(platform!, readers[0]!));
    await step('revocation', () => revocation(platform!));
    await step('deletion', () => deletion(platform!));
    await step('still answering', () => stillAnswering(platform!, llm!));
    await step('replica killed', () => replicaKilled(platform!, readers));
    await step('rolling restart', () => rollingRestart(platform!, readers));
    await step('remote rollout', async () => {
      remoteV2 = await remoteRollout(remotesFile, platform!, dataDir);
    });
  } catch (error) {
    failures.push(`the suite could not run: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await cleanup();
    clearTimeout(watchdog);
  }
  const took = seconds(Date.now() - started);
  if (failures.length > 0) {
    console.error(`\nFAILED (${failures.length}) in ${took}:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    console.error(`Service logs are kept in ${path.join(dataDir, 'logs')}`);
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`\nAll replica checks passed in ${took}.`);
  process.exit(0);
}

await main();
