/**
 * npm run bench:chat
 *
 * Prints figures (no pass/fail): the time the chat service adds to a streamed answer, over the
 * model's own timing, alone and with 100 concurrent streams.
 *
 * Set-up: a fake OpenAI-compatible model (test/fake-openai.ts) runs in this process and streams a
 * fixed answer with fixed pauses; the chat service runs as its own process (src/server.ts) against
 * it, with a real identity process for the token, and PostgreSQL when one is reachable (PGlite
 * otherwise). The client (fetch + our SSE parser) also runs in this process, so the fake's and the
 * client's clocks are one clock:
 * - first token added = (fake got the request - client sent it) + (client got token 1 - fake sent it):
 *   everything before and around the model's own wait for its first token: HTTP, auth, the quota
 *   statement, the transaction writing both bubbles, the upstream connection, and relaying;
 *   printed split in two: "to the model" (the first term) and "token 1 relayed" (the second);
 * - per token added = client got token i - fake sent token i (i >= 2): relaying one chunk.
 * The same figures measured directly against the fake (no service) are the floor of this machine
 * and this client.
 * The 100-at-once rows are the service in use (three rounds after a first burst). The first burst after
 * the one-at-a-time phase is printed on its own rows: it opens about 80 new connections on every hop
 * (the model alone pays that too: its first-burst row is the floor for it), and from 100 accounts it asks
 * identity about 100 sessions not confirmed yet.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseTargets, dropSchemas, freePort, processCpuMs, startIdentityProcess } from '@keisha/service-kit/testing';
import { createEventParser } from '../src/domain/sse.ts';
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from '../test/fake-openai.ts';

// CHAT_SERVER runs another copy of the service (an older checkout inside this repository) to compare.
const SERVER = process.env.CHAT_SERVER ? path.resolve(process.env.CHAT_SERVER) : path.resolve(import.meta.dirname, '..', 'src', 'server.ts');
// CHAT_NODE_ARGS: options for the chat process's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it alone.
const NODE_ARGS = (process.env.CHAT_NODE_ARGS ?? '').split(' ').filter(Boolean);
const TOKENS = 64;
const FIRST_TOKEN_MS = 50;
const TOKEN_GAP_MS = 5;
const ALONE = 100;
const CONCURRENT = 100;
const ROUNDS = 3;


interface Sample {
  marker: string;
  sentAt: number;
  tokenTimes: number[];
  /** The service's own account of accepting the message (Server-Timing: accept). */
  acceptMs?: number;
  /** Of which before the handler (auth, session check, body), and when the model was asked. */
  checksMs?: number;
  modelMs?: number;
  /** The conversation the message went to (the stream's meta event). */
  sessionId?: string;
  failed?: string;
}

/**
 * Streams one answer; records when each token arrived. `direct` talks to the fake's own API; `sessionId`
 * sends the message to that (existing) conversation instead of starting one.
 */
async function streamOnce(url: string, headers: Record<string, string>, marker: string, direct: boolean, sessionId?: string): Promise<Sample> {
  const sample: Sample = { marker, sentAt: performance.now(), tokenTimes: [] };
  const body = direct
    ? { model: 'fake-model', stream: true, messages: [{ role: 'user', content: marker }] }
    : { message: marker, time_zone: 'UTC', ...(sessionId ? { session_id: sessionId } : {}) };
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers }, body: JSON.stringify(body) });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
    const timing = response.headers.get('server-timing') ?? '';
    const accept = /accept;dur=([\d.]+)/.exec(timing);
    if (accept) sample.acceptMs = Number(accept[1]);
    const checks = /checks;dur=([\d.]+)/.exec(timing);
    if (checks) sample.checksMs = Number(checks[1]);
    const model = /model;dur=([\d.]+)/.exec(timing);
    if (model) sample.modelMs = Number(model[1]);
    const parse = createEventParser();
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      const now = performance.now();
      for (const event of parse(decoder.decode(chunk as Uint8Array, { stream: true }))) {
        if (direct) {
          if (event.data !== '[DONE]' && JSON.parse(event.data).choices?.[0]?.delta?.content) sample.tokenTimes.push(now);
        } else if (event.event === 'meta') {
          sample.sessionId = (JSON.parse(event.data) as { session_id: string }).session_id;
        } else if (event.event === 'delta') {
          sample.tokenTimes.push(now);
        } else if (event.event === 'error') {
          sample.failed = event.data;
        }
      }
    }
    if (sample.tokenTimes.length !== TOKENS) sample.failed ??= `${sample.tokenTimes.length} tokens`;
  } catch (error) {
    sample.failed = (error as Error).message;
  }
  return sample;
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

interface Figures {
  firstToken: number[];
  /** The part before the model got the request: HTTP, auth, quota, writes, the upstream connection. */
  toModel: number[];
  /** The part after: the model's first token relayed to the client. */
  relayFirst: number[];
  accept: number[];
  checks: number[];
  model: number[];
  perToken: number[];
  failed: number;
  wallMs: number;
  /** CPU the chat process used during the run (its whole work: accepting, relaying, saving). */
  serviceCpuMs?: number;
  streams?: number;
  /** Each stream's conversation, in the order of its markers. */
  sessionIds?: Array<string | undefined>;
}

/** Why streams failed, printed once at the end. */
const failureReasons = new Set<string>();

function figuresOf(samples: Sample[], fake: FakeOpenAi, wallMs: number): Figures {
  const byMarker = new Map<string, FakeRequest>();
  for (const request of fake.requests) {
    const messages = request.body.messages as Array<{ content: string }> | undefined;
    const last = messages?.at(-1)?.content;
    if (last) byMarker.set(last, request);
  }
  const figures: Figures = { firstToken: [], toModel: [], relayFirst: [], accept: [], checks: [], model: [], perToken: [], failed: 0, wallMs };
  for (const sample of samples) {
    const upstream = byMarker.get(sample.marker);
    if (sample.failed || !upstream || upstream.chunkTimes.length !== sample.tokenTimes.length) {
      figures.failed++;
      failureReasons.add(sample.failed ?? (upstream ? 'a token went missing' : 'the model was never asked'));
      continue;
    }
    const toModel = upstream.receivedAt - sample.sentAt;
    const relayFirst = sample.tokenTimes[0]! - upstream.chunkTimes[0]!;
    figures.firstToken.push(toModel + relayFirst);
    figures.toModel.push(toModel);
    figures.relayFirst.push(relayFirst);
    if (sample.acceptMs !== undefined) figures.accept.push(sample.acceptMs);
    if (sample.checksMs !== undefined) figures.checks.push(sample.checksMs);
    if (sample.modelMs !== undefined) figures.model.push(sample.modelMs);
    for (let i = 1; i < sample.tokenTimes.length; i++) figures.perToken.push(sample.tokenTimes[i]! - upstream.chunkTimes[i]!);
  }
  return figures;
}

/** CPU time (ms) a process has used so far; NaN where /proc is missing. */
const cpuMsOf = (pid: number | undefined): number => processCpuMs(pid) ?? NaN;

async function run(label: string, fake: FakeOpenAi, count: number, parallel: boolean, stream: (marker: string) => Promise<Sample>, servicePid?: number): Promise<Figures> {
  fake.requests.length = 0;
  const markers = Array.from({ length: count }, (_, i) => `bench ${label} ${i}: how does redlining shape data?`);
  const started = performance.now();
  const cpuBefore = cpuMsOf(servicePid);
  const samples: Sample[] = [];
  if (parallel) samples.push(...(await Promise.all(markers.map(stream))));
  else for (const marker of markers) samples.push(await stream(marker));
  const figures = figuresOf(samples, fake, performance.now() - started);
  figures.serviceCpuMs = cpuMsOf(servicePid) - cpuBefore;
  figures.streams = count;
  figures.sessionIds = samples.map((sample) => sample.sessionId);
  return figures;
}

function merge(all: Figures[]): Figures {
  return {
    firstToken: all.flatMap((f) => f.firstToken),
    toModel: all.flatMap((f) => f.toModel),
    relayFirst: all.flatMap((f) => f.relayFirst),
    accept: all.flatMap((f) => f.accept),
    checks: all.flatMap((f) => f.checks),
    model: all.flatMap((f) => f.model),
    perToken: all.flatMap((f) => f.perToken),
    failed: all.reduce((n, f) => n + f.failed, 0),
    wallMs: all.reduce((n, f) => n + f.wallMs, 0) / all.length,
    serviceCpuMs: all.reduce((n, f) => n + (f.serviceCpuMs ?? NaN), 0),
    streams: all.reduce((n, f) => n + (f.streams ?? 0), 0),
  };
}

function line(label: string, f: Figures): string {
  const ms = (v: number) => (Number.isNaN(v) ? '       -' : v.toFixed(2).padStart(8));
  return (
    `${label.padEnd(34)}${ms(percentile(f.firstToken, 0.5))}${ms(percentile(f.firstToken, 0.99))}` +
    `   ${ms(percentile(f.toModel, 0.5))}${ms(percentile(f.toModel, 0.99))}` +
    `   ${ms(percentile(f.relayFirst, 0.5))}${ms(percentile(f.relayFirst, 0.99))}` +
    `   ${ms(percentile(f.accept, 0.5))}${ms(percentile(f.accept, 0.99))}` +
    `   ${ms(percentile(f.perToken, 0.5))}${ms(percentile(f.perToken, 0.99))}` +
    `   ${String(f.firstToken.length).padStart(4)} streams, ${f.failed} failed` +
    (Number.isFinite(f.serviceCpuMs) && f.streams ? `, service CPU ${(f.serviceCpuMs! / f.streams).toFixed(2)} ms/stream` : '')
  );
}

async function main(): Promise<void> {
  const postgres = (await databaseTargets()).find((t) => t.kind === 'postgres');
  const schema = `chat_bench_${process.pid}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-bench-chat-'));
  const fake = await startFakeOpenAi();
  fake.answer = Array.from({ length: TOKENS }, (_, i) => `token${i}`).join(' ');
  fake.wordsPerChunk = 1;
  fake.firstChunkDelayMs = FIRST_TOKEN_MS;
  fake.chunkDelayMs = TOKEN_GAP_MS;
  // Identity on the same PostgreSQL (its own schema) when there is one: the session checks of 100 new
  // readers at once then measure the service, not PGlite's single connection.
  const identitySchema = `identity_chat_bench_${process.pid}`;
  const identity = await startIdentityProcess(postgres?.url ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: identitySchema } : {});
  const port = await freePort();
  const chat = spawn(process.execPath, [...NODE_ARGS, SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      IDENTITY_URL: identity.url,
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'bench-key',
      CHAT_MODEL: 'fake-model',
      DEFAULT_CHAT_TIER: 'Gold', // unlimited: every stream is counted, none refused
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      DATABASE_SCHEMA: schema,
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '10000000',
      CHAT_RATE_LIMIT_MAX: '10000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/health/ready`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const headers = { authorization: `Bearer ${await identity.tokenFor('user')}` };
    const viaChat = (marker: string) => streamOnce(`${base}/api/chat/stream`, headers, marker, false);
    // The same streams from as many accounts: one account's streams queue on its one counter row (each
    // update holds the row until its commit), so this row shows what the service adds without that queue.
    const indexOf = (marker: string) => Number(/ (\d+):/.exec(marker)![1]);
    const accounts: Array<Record<string, string>> = [];
    for (let i = 0; i < CONCURRENT; i++) accounts.push({ authorization: `Bearer ${await identity.tokenFor('user')}` });
    const viaChatAccounts = (marker: string) =>
      streamOnce(`${base}/api/chat/stream`, accounts[indexOf(marker) % accounts.length]!, marker, false);
    const direct = (marker: string) => streamOnce(`${fake.url}/chat/completions`, {}, marker, true);

    await run('warm-up', fake, 20, true, viaChat);
    await run('warm-up-direct', fake, 20, true, direct);

    console.log(
      `Chat streaming: time added over the model's own timing (node ${process.version}, ${os.cpus().length} CPUs, ${postgres ? 'PostgreSQL' : 'PGlite'})`,
    );
    console.log(`Machine load (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    console.log(`Fake model: first token after ${FIRST_TOKEN_MS} ms, then ${TOKENS - 1} more, one every ${TOKEN_GAP_MS} ms.`);
    console.log(`${''.padEnd(34)}first token added  = to the model     + token 1 relayed    (accept)           per token added   (ms)`);
    console.log(`${''.padEnd(34)}     p50     p99        p50     p99        p50     p99        p50     p99        p50     p99`);
    const directAlone = await run('direct-alone', fake, ALONE, false, direct);
    const chatAlone = await run('chat-alone', fake, ALONE, false, viaChat, chat.pid);
    console.log(line('direct to the model, 1 at a time', directAlone));
    console.log(line('chat service, 1 at a time', chatAlone));
    const directConcurrent: Figures[] = [];
    const chatConcurrent: Figures[] = [];
    const chatAccounts: Figures[] = [];
    // The first burst of 100 after the one-at-a-time phase opens about 80 connections on every hop (the
    // client's to the service and to the model, the service's to the model: the warm-up needed 20, and
    // idle ones have closed since) and, from 100 accounts, asks identity about 100 sessions not seen
    // before. It is printed on its own rows: the rounds after it measure the service in use.
    const firstBurst = {
      direct: await run('direct-first', fake, CONCURRENT, true, direct),
      chat: await run('chat-first', fake, CONCURRENT, true, viaChat, chat.pid),
      accounts: await run('accounts-first', fake, CONCURRENT, true, viaChatAccounts, chat.pid),
    };
    // Messages to conversations that exist (the first burst's): most of a person's messages continue a
    // conversation, which is written under that conversation's lock with its history read again.
    const conversationOf = (figures: Figures, marker: string) => {
      const id = figures.sessionIds?.[indexOf(marker)];
      if (!id) throw new Error('the first burst did not start every conversation');
      return id;
    };
    const viaChatExisting = (marker: string) => streamOnce(`${base}/api/chat/stream`, headers, marker, false, conversationOf(firstBurst.chat, marker));
    const viaAccountsExisting = (marker: string) =>
      streamOnce(`${base}/api/chat/stream`, accounts[indexOf(marker) % accounts.length]!, marker, false, conversationOf(firstBurst.accounts, marker));
    const chatExisting: Figures[] = [];
    const accountsExisting: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      directConcurrent.push(await run(`direct-${round}`, fake, CONCURRENT, true, direct));
      chatConcurrent.push(await run(`chat-${round}`, fake, CONCURRENT, true, viaChat, chat.pid));
      chatAccounts.push(await run(`accounts-${round}`, fake, CONCURRENT, true, viaChatAccounts, chat.pid));
      chatExisting.push(await run(`existing-${round}`, fake, CONCURRENT, true, viaChatExisting, chat.pid));
      accountsExisting.push(await run(`accounts-existing-${round}`, fake, CONCURRENT, true, viaAccountsExisting, chat.pid));
    }
    const ce = merge(chatExisting);
    const ae = merge(accountsExisting);
    const dc = merge(directConcurrent);
    const cc = merge(chatConcurrent);
    const ca = merge(chatAccounts);
    console.log(line(`direct to the model, ${CONCURRENT} at once`, dc));
    console.log(line(`chat service, ${CONCURRENT} at once`, cc));
    console.log(line(`  the same from ${CONCURRENT} accounts`, ca));
    console.log(line(`  to ${CONCURRENT} existing conversations`, ce));
    console.log(line(`  the same from ${CONCURRENT} accounts`, ae));
    console.log(`first burst of ${CONCURRENT} (new connections on every hop; from 100 accounts, 100 sessions identity has not confirmed yet):`);
    console.log(line('  direct to the model', firstBurst.direct));
    console.log(line('  chat service', firstBurst.chat));
    console.log(line(`  the same from ${CONCURRENT} accounts`, firstBurst.accounts));
    const byRound = (label: string, rounds: Figures[]) =>
      `${label}: ${rounds.map((f, i) => `${i + 1}: ${percentile(f.firstToken, 0.5).toFixed(1)} / ${percentile(f.firstToken, 0.99).toFixed(1)}`).join(', ')}`;
    console.log(`\nFirst token added p50 / p99 by round after the first burst (ms): ${byRound('model alone', directConcurrent)}; ${byRound('chat', chatConcurrent)}; ${byRound('100 accounts', chatAccounts)}`);
    // Where a round's time went: to the model (client sent -> model got it) and, inside the service, checks done, model asked, accepted.
    const insideByRound = (label: string, rounds: Figures[]) =>
      `${label}: ${rounds
        .map((f, i) => `${i + 1}: ${[f.toModel, f.checks, f.model, f.accept].map((v) => `${percentile(v, 0.5).toFixed(1)}/${percentile(v, 0.99).toFixed(1)}`).join(' ')}`)
        .join(', ')}`;
    console.log(`By round, to the model / checks done / model asked / accept, p50/p99 (ms): ${insideByRound('chat', chatConcurrent)}; ${insideByRound('100 accounts', chatAccounts)}`);
    console.log(`\nInside the service (its Server-Timing, ms from the request's arrival):`);
    console.log(`${''.padEnd(34)}checks done (auth, session, body)   model asked        stream opened (accept)`);
    console.log(`${''.padEnd(34)}     p50     p99                       p50     p99        p50     p99`);
    const inside = (label: string, f: Figures) => {
      const ms = (v: number) => (Number.isNaN(v) ? '       -' : v.toFixed(2).padStart(8));
      console.log(
        `${label.padEnd(34)}${ms(percentile(f.checks, 0.5))}${ms(percentile(f.checks, 0.99))}${''.padEnd(22)}` +
          `${ms(percentile(f.model, 0.5))}${ms(percentile(f.model, 0.99))}   ${ms(percentile(f.accept, 0.5))}${ms(percentile(f.accept, 0.99))}`,
      );
    };
    inside('chat service, 1 at a time', chatAlone);
    inside(`chat service, ${CONCURRENT} at once`, cc);
    inside(`  the same from ${CONCURRENT} accounts`, ca);
    inside(`  to ${CONCURRENT} existing conversations`, ce);
    inside(`  the same from ${CONCURRENT} accounts`, ae);
    inside('first burst: chat service', firstBurst.chat);
    inside(`first burst: from ${CONCURRENT} accounts`, firstBurst.accounts);
    const ideal = FIRST_TOKEN_MS + (TOKENS - 1) * TOKEN_GAP_MS;
    console.log(
      `\n${CONCURRENT} concurrent streams took ${cc.wallMs.toFixed(0)} ms through the chat service and ${dc.wallMs.toFixed(0)} ms directly ` +
        `(the model alone needs at least ${ideal} ms per answer).`,
    );
    console.log('Direct rows are the floor of this machine and client (one process runs the fake model and the client).');
    if (failureReasons.size > 0) console.log(`Failed streams: ${[...failureReasons].join('; ')}`);
    console.log(`Machine load at the end (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    console.log('"accept" is the service\'s own Server-Timing: request received to stream opened (auth, quota, both bubbles written).');
  } finally {
    chat.kill('SIGTERM');
    await new Promise((resolve) => chat.once('exit', resolve));
    await identity.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropSchemas(postgres?.url, [schema, identitySchema]);
  }
}

await main();
