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
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AUTH_PATHS, WAITLIST_PATH } from '@keisha/contracts/identity';
import { CHAT_PATHS, FREE_DAILY_MESSAGES } from '@keisha/contracts/chat';
import { ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { API_KEY_PATHS, DECODER_PATHS, PUBLIC_API_PATHS } from '@keisha/contracts/decoder';
import { startPlatform, type Platform } from '../local/platform.ts';
import { startStaticServer, type RunningServer } from '../local/static-server.ts';
import { REMOTE_DIRS, REPO_ROOT, SERVICES, type ServiceName } from '../local/topology.ts';
import { startFakeLlm, type FakeLlm } from '../faults/fake-llm.ts';
import { newLedger, reconcile, reconciliationTable, type Ledger } from '../faults/ledger.ts';
import { buyChatPlan, buyDecoderPlan } from '../faults/outages.ts';
import { article, call, check, clientAddress, failures, gatewayUrl, newReader, PASSWORD, RUN, seconds, signUp, sleep, streamChat, useGateway, type Answer, type Reader } from '../faults/harness.ts';

const BASE_PORT = Number(process.env.KEISHA_REPLICAS_PORT ?? 4100);
const REPLICAS = 3;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = `keisha_replicas_${RUN}`;
const SUITE_LIMIT_MS = 20 * 60_000;
const LOAD_SECONDS = Number(process.env.REPLICAS_LOAD_SECONDS ?? 20);

// The limits under test, low enough to reach in a few requests.
const WAITLIST_LIMIT = 12;
const API_KEY_LIMIT = 8;
const LOGIN_FAILURE_LIMIT = 5;
const CHAT_FREE_MESSAGES = FREE_DAILY_MESSAGES;

const databaseUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
};

async function admin<T>(work: (client: pg.Client) => Promise<T>, database = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const query = async (sql: string): Promise<Array<Record<string, unknown>>> => admin(async (client) => (await client.query(sql)).rows, databaseUrl(DATABASE));

/**
 * A reader whose address is confirmed (the chat asks for it), confirmed in the database as the mailed link would,
 * with a token issued after that.
 */
async function confirmedReader(name: string): Promise<Reader> {
  const reader = await newReader(name);
  await query(`update identity.users set email_verified_at = now() where id = '${reader.id}'`);
  const login = await call('POST', AUTH_PATHS.login, { body: { email: reader.email, password: PASSWORD }, from: clientAddress() });
  if (login.status !== 200) throw new Error(`could not sign in ${name} again (${login.status})`);
  return { ...reader, token: login.body.token };
}

/** Every replica of a service, asked directly (not through the edge). */
const replicaUrls = (platform: Platform, name: ServiceName) => platform.replicasOf(name).map(({ port }) => `http://127.0.0.1:${port}`);

async function direct(url: string, pathname: string, token: string): Promise<number> {
  try {
    return (await fetch(`${url}${pathname}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) })).status;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Limits exact across replicas

async function limitsExact(platform: Platform, annualReader: Reader): Promise<void> {
  console.log(`\n1. Limits across ${REPLICAS} replicas (requests spread in turn by the edge)`);
  // The waitlist's per-address limit (Redis): from one address, 3x the limit, all at once.
  const from = '127.9.0.1';
  const joins = await Promise.all(
    Array.from({ length: WAITLIST_LIMIT * 3 }, (_, i) => call('POST', WAITLIST_PATH, { body: { email: `replicas-${RUN}-w${i}@example.org` }, from })),
  );
  const joined = joins.filter((a) => a.status === 201).length;
  const limited = joins.filter((a) => a.status === 429).length;
  console.log(`   waitlist per address (limit ${WAITLIST_LIMIT}): ${joined} of ${joins.length} sent at once accepted, ${limited} refused with 429`);
  check(joined === WAITLIST_LIMIT && limited === joins.length - WAITLIST_LIMIT, `waitlist: ${joined} accepted (limit ${WAITLIST_LIMIT}), ${limited} 429`);

  // The sign-in throttle per account and address (the database): wrong passwords, then the right one.
  const victim = await newReader('throttled');
  const attempts: Answer[] = [];
  for (let i = 0; i < LOGIN_FAILURE_LIMIT * 3; i++) attempts.push(await call('POST', AUTH_PATHS.login, { body: { email: victim.email, password: 'wrong-password-123' }, from: '127.9.0.2' }));
  const wrong = attempts.filter((a) => a.status === 401).length;
  const held = attempts.filter((a) => a.status === 429).length;
  const right = await call('POST', AUTH_PATHS.login, { body: { email: victim.email, password: PASSWORD }, from: '127.9.0.2' });
  console.log(
    `   sign-in throttle (${LOGIN_FAILURE_LIMIT} failures per account and address): ${wrong} wrong passwords answered 401, then ${held} held back (429); the right password from there: ${right.status}`,
  );
  check(wrong === LOGIN_FAILURE_LIMIT && held === attempts.length - LOGIN_FAILURE_LIMIT, `sign-in throttle: ${wrong} answered 401 (limit ${LOGIN_FAILURE_LIMIT}), ${held} 429`);
  check(right.status === 429, `the right password after the throttle answered ${right.status}, not 429`);

  // A daily quota (the database): a guest's analyses from one address, all at once.
  const guest = '127.9.0.3';
  const usage = (await call('GET', DECODER_PATHS.usage, { from: guest })).body?.usage;
  const limit = Number(usage?.daily_limit);
  const analyses = await Promise.all(
    Array.from({ length: limit * 3 }, (_, i) => call('POST', DECODER_PATHS.analyze, { body: { text: article(`${RUN}-quota-${i}`) }, from: guest, timeoutMs: 60_000 })),
  );
  const analysed = analyses.filter((a) => a.status === 200).length;
  const counted = (await call('GET', DECODER_PATHS.usage, { from: guest })).body?.usage?.daily_count;
  console.log(`   decoder guest quota (${limit} a day): ${analysed} of ${analyses.length} sent at once analysed (others: ${[...new Set(analyses.filter((a) => a.status !== 200).map((a) => a.status))].join(', ')}); counted ${counted}`);
  check(Number.isInteger(limit) && limit > 0 && analysed === limit && counted === limit, `decoder guest quota: ${analysed} analysed, ${counted} counted, limit ${limit}`);

  // A public API key's per-minute limit (Redis, counted per key whatever the address): from many addresses at once.
  const created = await call('POST', API_KEY_PATHS.list, { token: annualReader.token, body: { name: `replicas ${RUN}` } });
  const secret = created.body?.secret as string | undefined;
  const keyCalls = await Promise.all(
    Array.from({ length: API_KEY_LIMIT * 3 }, async (_, i) => {
      try {
        const response = await fetch(`${gatewayUrl()}${PUBLIC_API_PATHS.analyze}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}`, 'x-forwarded-for': clientAddress() },
          body: JSON.stringify({ text: article(`${RUN}-key-${i}`) }),
          signal: AbortSignal.timeout(60_000),
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        return 0;
      }
    }),
  );
  const keyAccepted = keyCalls.filter((status) => status === 200).length;
  const keyLimited = keyCalls.filter((status) => status === 429).length;
  console.log(`   an API key's per-minute limit (${API_KEY_LIMIT}; key created: ${created.status}): ${keyAccepted} of ${keyCalls.length} sent at once from ${keyCalls.length} addresses accepted, ${keyLimited} refused with 429`);
  check(created.status === 201 && keyAccepted === API_KEY_LIMIT && keyLimited === keyCalls.length - API_KEY_LIMIT, `API key limit: ${keyAccepted} accepted (limit ${API_KEY_LIMIT}), ${keyLimited} 429 (key ${created.status})`);

  // The chat's daily messages of a free reader (the database), all at once.
  const chatter = await confirmedReader('chat-quota');
  const messages = await Promise.all(
    Array.from({ length: CHAT_FREE_MESSAGES * 3 }, (_, i) => call('POST', CHAT_PATHS.send, { token: chatter.token, body: { message: `What is framing? ${RUN}-q${i}` }, timeoutMs: 60_000 })),
  );
  const answered = messages.filter((a) => a.status === 200).length;
  const today = (await call('GET', CHAT_PATHS.usage, { token: chatter.token })).body?.usage?.messages_today;
  console.log(`   chat daily messages (${CHAT_FREE_MESSAGES} for a free reader): ${answered} of ${messages.length} sent at once answered; counted ${today}`);
  check(answered === CHAT_FREE_MESSAGES && today === CHAT_FREE_MESSAGES, `chat quota: ${answered} answered, ${today} counted, limit ${CHAT_FREE_MESSAGES}`);
}

// ---------------------------------------------------------------------------------------------
// 2. Revocation on every replica

async function revocation(platform: Platform): Promise<void> {
  const reader = await confirmedReader('revoked');
  // Each replica has confirmed the session (and cached it) before it is revoked.
  const probes: Array<{ label: string; url: string; path: string }> = [
    ...replicaUrls(platform, 'identity').map((url, i) => ({ label: `identity#${i + 1}`, url, path: AUTH_PATHS.me })),
    ...replicaUrls(platform, 'decoder').map((url, i) => ({ label: `decoder#${i + 1}`, url, path: DECODER_PATHS.usage })),
    ...replicaUrls(platform, 'chat').map((url, i) => ({ label: `chat#${i + 1}`, url, path: CHAT_PATHS.sessions })),
    ...replicaUrls(platform, 'billing').map((url, i) => ({ label: `billing#${i + 1}`, url, path: ENTITLEMENT_PATHS.me })),
  ];
  const before = await Promise.all(probes.map((probe) => direct(probe.url, probe.path, reader.token)));
  const out = await call('POST', AUTH_PATHS.logoutAll, { token: reader.token, body: {} });
  const revokedAt = Date.now();
  const refusedAfter = new Map<string, number>();
  while (refusedAfter.size < probes.length && Date.now() - revokedAt < 5000) {
    await Promise.all(
      probes
        .filter((probe) => !refusedAfter.has(probe.label))
        .map(async (probe) => {
          if ((await direct(probe.url, probe.path, reader.token)) === 401) refusedAfter.set(probe.label, Date.now() - revokedAt);
        }),
    );
    await sleep(50);
  }
  const worst = Math.max(...probes.map((probe) => refusedAfter.get(probe.label) ?? Infinity));
  console.log(`\n2. A session revoked (sign out everywhere: ${out.status}), then asked of each of the ${probes.length} replicas directly`);
  console.log(`   before: ${before.join(' ')}; refused (401) after: ${probes.map((p) => `${p.label} ${refusedAfter.has(p.label) ? `${refusedAfter.get(p.label)} ms` : 'NEVER'}`).join(', ')}`);
  check(out.status === 200 || out.status === 204, `sign out everywhere answered ${out.status}`);
  check(before.every((status) => status === 200), `a replica refused the session before it was revoked: ${before.join(' ')}`);
  check(worst <= 2000, `a replica still took the revoked session after 2 s (worst ${worst} ms)`);
}

// ---------------------------------------------------------------------------------------------
// 3. "Still answering" across replicas

async function stillAnswering(platform: Platform, llm: FakeLlm): Promise<void> {
  const reader = await confirmedReader('still-answering');
  await llm.setMode('slow');
  const controller = new AbortController();
  let sessionId: string | undefined;
  const refusals: string[] = [];
  try {
    const response = await fetch(`${gatewayUrl()}${CHAT_PATHS.stream}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${reader.token}`, 'x-forwarded-for': '127.9.0.4' },
      body: JSON.stringify({ message: `Tell me about redlining, slowly. ${RUN}-still` }),
      signal: controller.signal,
    });
    const decoder = new TextDecoder();
    const stream = response.body!.getReader();
    let text = '';
    while (!sessionId) {
      const { value, done } = await stream.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const meta = /event: meta\ndata: (.+)\n/.exec(text);
      if (meta) sessionId = (JSON.parse(meta[1]!) as { session_id: string }).session_id;
    }
    // While it streams on one replica, every chat replica is asked to answer the conversation again.
    for (const url of replicaUrls(platform, 'chat')) {
      try {
        const answer = await fetch(`${url}${CHAT_PATHS.regenerate(sessionId!)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
          body: '{}',
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await answer.json().catch(() => ({}))) as { error?: { code?: string } };
        refusals.push(`${answer.status} ${body.error?.code ?? ''}`.trim());
      } catch (error) {
        refusals.push(`error ${(error as Error).message}`);
      }
    }
  } finally {
    controller.abort();
    await llm.setMode('normal');
  }
  console.log(`\n3. "Still answering": Regenerate asked of each chat replica while an answer streams: ${refusals.join(', ')}`);
  check(sessionId !== undefined, 'the streamed answer never said its conversation');
  check(refusals.length === REPLICAS && refusals.every((r) => r === '409 REPLY_IN_PROGRESS'), `a replica did not refuse Regenerate while answering: ${refusals.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------
// 4 and 5. Writes under load while replicas are killed or restarted

interface Load {
  ledgers: Record<'signUps' | 'waitlist' | 'analyses' | 'chat', Ledger>;
  /** Every request, and those that failed, after `since`. */
  answered: number;
  failedAfter: Array<{ at: number; what: string }>;
  reads: number;
  stop(): Promise<void>;
}

function startLoad(readers: Reader[], label: string): Load {
  const ledgers = {
    signUps: newLedger('sign-ups (identity)'),
    waitlist: newLedger('waitlist joins (identity)'),
    analyses: newLedger('analyses (decoder)'),
    chat: newLedger('chat messages (chat)'),
  };
  const load: Load = { ledgers, answered: 0, failedAfter: [], reads: 0, stop: async () => {} };
  let running = true;
  const note = (what: string, answer: Answer, ok: boolean) => {
    load.answered++;
    if (!ok) load.failedAfter.push({ at: Date.now(), what: `${what} ${answer.status}${answer.body?.error?.code ? ` ${answer.body.error.code}` : ''}` });
  };
  const loop = async (write: (n: number) => Promise<void>) => {
    for (let n = 0; running; n++) await write(n);
  };
  const reader = (n: number) => readers[n % readers.length]!;
  const loops = [
    loop(async (n) => {
      const email = `replicas-${RUN}-${label}-s${n}@example.org`;
      const answer = await signUp(email);
      note('sign-up', answer, answer.status === 201);
      if (answer.status === 201) ledgers.signUps.acknowledged.add(email);
      else ledgers.signUps.failed++;
    }),
    loop(async (n) => {
      const email = `replicas-${RUN}-${label}-w${n}@example.org`;
      const answer = await call('POST', WAITLIST_PATH, { body: { email } });
      note('waitlist', answer, answer.status === 201);
      if (answer.status === 201) ledgers.waitlist.acknowledged.add(email);
      else ledgers.waitlist.failed++;
    }),
    loop(async (n) => {
      const marker = `${RUN}-${label}-a${n}`;
      const answer = await call('POST', DECODER_PATHS.analyze, { token: reader(n).token, body: { text: article(marker) }, timeoutMs: 30_000 });
      note('analysis', answer, answer.status === 200);
      if (answer.status === 200) ledgers.analyses.acknowledged.add(marker);
      else ledgers.analyses.failed++;
    }),
    loop(async (n) => {
      const marker = `${RUN}-${label}-c${n}`;
      const answer = await streamChat(reader(n).token, `Tell me about redlining. ${marker}`, 30_000);
      const ok = answer.status === 200 && answer.body?.status === 'complete';
      note('chat', answer, ok);
      if (ok) ledgers.chat.acknowledged.add(marker);
      else ledgers.chat.failed++;
    }),
    loop(async (n) => {
      const answer = await call('GET', n % 2 ? AUTH_PATHS.me : DECODER_PATHS.usage, { token: reader(n).token });
      load.reads++;
      note('read', answer, answer.status === 200);
    }),
  ];
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

async function reconcileLoad(load: Load, label: string): Promise<boolean> {
  const like = (column: string, table: string, pattern: string) => query(`select ${column} as marker from ${table} where ${column} like '${pattern}'`).then((rows) => rows.map((r) => String(r.marker)));
  const stored = {
    signUps: await like('email', 'identity.users', `replicas-${RUN}-${label}-s%`),
    waitlist: await like('email', 'identity.waitlist', `replicas-${RUN}-${label}-w%`),
    analyses: (await query(`select substring(text from 'Reference (${RUN}-${label}-a[0-9]+)') as marker from decoder.analyses where text like '%Reference ${RUN}-${label}-a%'`)).map((r) => String(r.marker)),
    chat: (await query(`select substring(user_prompt from '(${RUN}-${label}-c[0-9]+)') as marker from chat.messages where user_prompt like '%${RUN}-${label}-c%' and status = 'complete'`)).map((r) => String(r.marker)),
  };
  const rows = (Object.keys(load.ledgers) as Array<keyof Load['ledgers']>).map((key) => reconcile(load.ledgers[key], stored[key]));
  console.log(reconciliationTable(rows).replace(/^/gm, '   '));
  for (const row of rows) {
    check(row.missing.length === 0, `${label}: ${row.kind}: ${row.missing.length} acknowledged writes missing (${row.missing.slice(0, 3).join(', ')})`);
    check(row.acknowledged > 0, `${label}: ${row.kind}: no write acknowledged`);
  }
  return rows.every((row) => row.missing.length === 0);
}

async function replicaKilled(platform: Platform, readers: Reader[]): Promise<void> {
  const load = startLoad(readers, 'kill');
  await sleep((LOAD_SECONDS * 1000) / 3);
  const killed = SERVICES.map((name) => {
    const { pid } = platform.replicasOf(name)[1]!;
    process.kill(pid!, 'SIGKILL');
    return `${name}#2 (pid ${pid})`;
  });
  const killedAt = Date.now();
  await sleep((LOAD_SECONDS * 1000 * 2) / 3);
  await load.stop();
  // A request that was in flight on a killed replica may fail (its answer never came); any later one must not.
  const before = load.failedAfter.filter((f) => f.at < killedAt);
  const late = load.failedAfter.filter((f) => f.at > killedAt + 1000);
  const early = load.failedAfter.length - late.length - before.length;
  const back = SERVICES.map((name) => platform.replicasOf(name)[1]!.pid);
  console.log(`\n4. One replica of each service killed (kill -9: ${killed.join(', ')}) ${seconds(LOAD_SECONDS * 333)} into ${LOAD_SECONDS} s of writes and reads`);
  const kinds = (list: Load['failedAfter']) => (list.length ? ` (${[...new Set(list.map((f) => f.what))].join(', ')})` : '');
  console.log(
    `   ${load.answered} requests answered; failed: ${before.length} before the kill${kinds(before)}, ${early} within 1 s of it (in flight there)${kinds(early > 0 ? load.failedAfter.filter((f) => f.at >= killedAt && f.at <= killedAt + 1000) : [])}, ${late.length} later${kinds(late)}`,
  );
  console.log(`   restarted by the launcher: ${SERVICES.map((name, i) => `${name}#2 pid ${back[i]}`).join(', ')}`);
  await reconcileLoad(load, 'kill');
  check(before.length === 0, `requests failed before the kill: ${before.length}`);
  check(late.length === 0, `requests failed more than 1 s after the kill: ${late.length}`);
  check(early <= 4 * SERVICES.length, `${early} requests failed at the kill (more than those in flight could be)`);
}

async function rollingRestart(platform: Platform, readers: Reader[]): Promise<void> {
  const load = startLoad(readers, 'roll');
  await sleep(1000);
  const started = Date.now();
  const times: string[] = [];
  for (const name of SERVICES) {
    const before = platform.replicasOf(name).map((r) => r.pid);
    const t = Date.now();
    await platform.rollingRestart(name);
    const after = platform.replicasOf(name).map((r) => r.pid);
    times.push(`${name} ${seconds(Date.now() - t)}`);
    check(after.every((pid, i) => pid !== before[i]), `${name}: not every replica was restarted (${before.join(',')} -> ${after.join(',')})`);
  }
  await sleep(1000);
  await load.stop();
  console.log(`\n5. A rolling restart of every service, one replica at a time, under writes and reads (${seconds(Date.now() - started)}: ${times.join(', ')})`);
  console.log(`   ${load.answered} requests answered, ${load.failedAfter.length} failed${load.failedAfter.length ? ` (${[...new Set(load.failedAfter.map((f) => f.what))].join(', ')})` : ''}`);
  await reconcileLoad(load, 'roll');
  check(load.failedAfter.length === 0, `a rolling restart failed ${load.failedAfter.length} requests`);
}

// ---------------------------------------------------------------------------------------------
// 6. A remote's new version rolled out and rolled back

async function remoteRollout(remotesFile: string, platform: Platform, dataDir: string): Promise<RunningServer> {
  const shellBefore = await (await fetch(`${gatewayUrl()}/`)).text();
  const registryBefore = await (await fetch(`${gatewayUrl()}/remotes.json`)).json() as Record<string, string>;
  // Version 2 of the decoder remote: its build with a marker in the manifest, served from an origin of its own.
  const v2 = path.join(dataDir, 'mf-decoder-v2');
  cpSync(path.join(REPO_ROOT, REMOTE_DIRS.decoder, 'dist'), v2, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(v2, 'mf-manifest.json'), 'utf8')) as Record<string, unknown>;
  manifest.keishaRelease = `v2-${RUN}`;
  writeFileSync(path.join(v2, 'mf-manifest.json'), JSON.stringify(manifest));
  // The build's precompressed copies would be served instead of the changed file.
  for (const copy of ['mf-manifest.json.br', 'mf-manifest.json.gz']) rmSync(path.join(v2, copy), { force: true });
  const server = await startStaticServer(v2, BASE_PORT + 95, '127.0.0.1');
  const v2Url = `http://localhost:${server.port}/mf-manifest.json`;

  writeFileSync(remotesFile, JSON.stringify({ ...registryBefore, decoder: v2Url }, null, 2));
  const registryOut = await (await fetch(`${gatewayUrl()}/remotes.json`)).json() as Record<string, string>;
  const servedOut = await (await fetch(registryOut.decoder!.replace('localhost', '127.0.0.1'))).json() as Record<string, unknown>;
  const shellOut = await (await fetch(`${gatewayUrl()}/`)).text();

  writeFileSync(remotesFile, JSON.stringify(registryBefore, null, 2));
  const registryBack = await (await fetch(`${gatewayUrl()}/remotes.json`)).json() as Record<string, string>;
  const servedBack = await (await fetch(registryBack.decoder!.replace('localhost', '127.0.0.1'))).json() as Record<string, unknown>;
  const shellBack = await (await fetch(`${gatewayUrl()}/`)).text();
  const withoutPolicy = (html: string) => html;
  console.log(`\n6. The decoder remote's version 2 rolled out through remotes.json and rolled back (no restart, no shell build)`);
  console.log(`   out: remotes.json names ${registryOut.decoder}, whose manifest says ${String(servedOut.keishaRelease)}; back: ${registryBack.decoder} (${String(servedBack.keishaRelease ?? 'the built version')})`);
  console.log(`   the shell's page: ${withoutPolicy(shellOut) === withoutPolicy(shellBefore) && shellBack === shellBefore ? 'the same bytes before, during and after' : 'CHANGED'}; gateway pid unchanged (${process.pid})`);
  check(registryOut.decoder === v2Url && servedOut.keishaRelease === `v2-${RUN}`, `rollout: remotes.json named ${registryOut.decoder}`);
  check(registryBack.decoder === registryBefore.decoder && servedBack.keishaRelease === undefined, `rollback: remotes.json named ${registryBack.decoder}`);
  check(shellOut === shellBefore && shellBack === shellBefore, "the shell's page changed during the rollout");
  void platform;
  return server;
}

// ---------------------------------------------------------------------------------------------

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
