// Answers whose writer is gone are failed and their messages given back, once; answers being written are not.
// - A reply that fails because the database went away while the answer was being saved (PostgreSQL behind a
//   proxy that the test cuts mid-answer): counted while it streamed, not counted once the database is back,
//   and not given back twice by the sweeps after.
// - The sweep on rows left in that state (all databases): an answer no process holds is failed once its lease
//   has run out, not before, and its message given back once.
// - Concurrency: four sweeps (four replicas) and the answers' own processes at the same moment give each message
//   back exactly once.
// - A replica that starts, and its sweeps over three lease lengths, leave another live replica's answer alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@keisha/service-kit';
import { databaseTargets, dropSchemas, startIdentityProcess, type IdentityProcess, databaseForSuite } from '@keisha/service-kit/testing';
import type { ChatDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { messagesRepository } from '../src/db/repositories/messages.ts';
import { sessionsRepository } from '../src/db/repositories/sessions.ts';
import { DEAD_ANSWER_NOTE, streamingAnswersRepository } from '../src/db/repositories/streaming-answers.ts';
import type { AnswerEngine } from '../src/plugins/answer-engine.ts';
import { createAnswerLeases } from '../src/plugins/answer-leases.ts';
import { createReplyService } from '../src/plugins/replies.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { bearer, deltaText, eventsOf, eventually, startChatOn, subjectOf } from './helpers.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const targets = await databaseTargets();
const silent = { warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One identity (for tokens) and one fake model for the suites below that call the service.
let identity: IdentityProcess;
let fake: FakeOpenAi;
beforeAll(async () => {
  [identity, fake] = await Promise.all([startIdentityProcess(), startFakeOpenAi()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([identity?.stop(), fake?.close()]);
});

const quickEngine: AnswerEngine = async function* () {
  yield { type: 'start', engine: 'embedded', sources: [], notes: [] };
  yield { type: 'delta', text: 'An answer.' };
};

describe.each(targets)('abandoned answers on $kind', (target) => {
  const database = databaseForSuite<ChatDatabase>(target, migrations);
  let db: Kysely<ChatDatabase>;

  beforeAll(async () => {
    db = database.db;
  });

  const answerRow = (id: string) => db.selectFrom('messages').select(['status', 'notes', 'lease_until']).where('id', '=', id).executeTakeFirstOrThrow();
  const usedBy = async (userId: string) => (await db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', userId).executeTakeFirst())?.used;

  it('fails an answer no process holds once its lease has run out, not before, and gives its message back once', async () => {
    const leases = createAnswerLeases({ db, log: silent, leaseMs: 400 });
    const replies = createReplyService({ db, engine: quickEngine, planFor: async () => 'Free', log: silent, leases });
    const userId = randomUUID();
    const live = await replies.send({ userId, bearer: 'unused', message: 'Is this one still being written?', timeZone: 'UTC' });
    // The state a reply is left in when its save failed (the database was gone): counted, streaming, and its
    // process no longer renews its lease. Nothing runs it here.
    const left = await replies.send({ userId, bearer: 'unused', message: 'What is redlining?', timeZone: 'UTC' });
    const release = leases.hold(live.aiMessageId); // this one its process still holds
    expect(await usedBy(userId)).toBe(2);
    await leases.tick();
    expect((await answerRow(left.aiMessageId)).status).toBe('streaming'); // its lease holds
    expect(await usedBy(userId)).toBe(2);

    await sleep(450);
    await leases.tick();
    const failed = await answerRow(left.aiMessageId);
    expect(failed.status).toBe('failed');
    expect(failed.notes).toEqual([DEAD_ANSWER_NOTE]);
    expect((await answerRow(live.aiMessageId)).status).toBe('streaming'); // renewed by the tick
    expect(await usedBy(userId)).toBe(1);
    await leases.tick();
    await leases.tick();
    expect(await usedBy(userId)).toBe(1); // given back once

    // The answer's process ends it after all: it is saved as usual and counts.
    const outcome = await live.run(() => {}, new AbortController().signal);
    release();
    expect(outcome).toMatchObject({ status: 'complete', usage: { messages_today: 1 } });
  });

  it('gives each abandoned answer’s message back exactly once when four sweeps and the answers’ own processes race', async () => {
    // 48 answers of a process that crashed (a lease of 1 ms), for 3 accounts on 2 days.
    const crashed = sessionsRepository(db, { instance: 'crashed:4003', process: randomUUID(), leaseMs: 1 });
    const users = [randomUUID(), randomUUID(), randomUUID()];
    const days = ['2026-11-26', '2026-11-27'];
    const answers: Array<{ id: string; userId: string; day: string }> = [];
    for (const userId of users) {
      for (const day of days) {
        for (let i = 0; i < 8; i++) {
          const started = await crashed.startWithMessage(userId, `Question ${i}`, `Question ${i}`, { day, limit: null });
          answers.push({ id: started!.aiMessageId, userId, day });
        }
      }
    }
    // Other messages counted on those days: a second give-back of any answer would show.
    await sql`update chat_usage_counters set used = used + 100`.execute(db);
    await sleep(20);

    const sweeper = async () => {
      const repository = streamingAnswersRepository(db);
      const failed: string[] = [];
      for (;;) {
        const batch = await repository.failDead({ limit: 5 });
        failed.push(...batch.map((answer) => answer.id));
        if (batch.length === 0) return failed;
      }
    };
    // A third of the answers are also ended by their own process at that moment (a model failure).
    const messages = messagesRepository(db);
    const endedByOwner = answers
      .filter((_, i) => i % 3 === 0)
      .map(async ({ id }) => ((await messages.finishGivingBack(id, { text: '', status: 'failed', engine: 'llm', sources: [], notes: ['The answer broke off.'] })) ? [id] : []));
    const moved = (await Promise.all([sweeper(), sweeper(), sweeper(), sweeper(), ...endedByOwner])).flat();

    // Each answer left streaming once, by exactly one of them, and each message was given back once.
    expect([...moved].sort()).toEqual(answers.map((answer) => answer.id).sort());
    const statuses = await db.selectFrom('messages').select('status').where('user_prompt', 'is', null).execute();
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['failed']));
    const counters = await db.selectFrom('chat_usage_counters').select(['user_id', sql<string>`day::text`.as('day'), 'used']).execute();
    expect(counters).toHaveLength(6);
    for (const counter of counters) expect(counter.used).toBe(100);
    expect(await sweeper()).toEqual([]);
  });
});

describe.each(targets)('replicas on one database ($kind)', (target) => {
  const database = databaseForSuite<ChatDatabase>(target, migrations, { emptyBeforeEach: false });
  let env: Record<string, string>;

  beforeAll(async () => {
    env = { IDENTITY_URL: identity.url, OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key', CHAT_FIRST_TOKEN_TIMEOUT_MS: '10000', CHAT_IDLE_TIMEOUT_MS: '10000', CHAT_ANSWER_LEASE_MS: '600' };
  });

  it('leaves a live replica’s answer alone: another replica that starts and sweeps for three lease lengths does not fail it', async () => {
    const token = await identity.tokenFor('user');
    fake.reset();
    fake.answer = 'word '.repeat(40).trim();
    fake.chunkDelayMs = 50; // 2 s: more than three leases of 600 ms
    const a = await startChatOn(database, { ...env, CHAT_INSTANCE_NAME: 'replica-a' });
    const pending = a.inject({ method: 'POST', url: '/api/chat/stream', headers: bearer(token), payload: { message: 'A long answer, please.' } });
    await eventually(async () => ((fake.requests[0]?.chunksSent ?? 0) >= 2 ? true : undefined));
    const b = await startChatOn(database, { ...env, CHAT_INSTANCE_NAME: 'replica-b' });
    await b.listen({ port: 0, host: '127.0.0.1' }); // serving: it claims its instance and sweeps
    const events = eventsOf((await pending).body);
    const done = events.find((event) => event.event === 'done')?.data;
    expect(done).toMatchObject({ status: 'complete', message: { status: 'complete', text: fake.answer }, usage: { messages_today: 1 } });
    expect(deltaText(events)).toBe(fake.answer);
    await Promise.all([a.close(), b.close()]);
  }, 30_000);
});

const postgres = targets.filter((target) => target.kind === 'postgres');

describe.each(postgres)('a reply whose database goes away while it is written ($kind)', (target) => {
  let proxy: TcpProxy;
  let handle: DatabaseHandle<ChatDatabase>;
  const schema = `t_outage_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

  beforeAll(async () => {
    const server = new URL(target.url!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const through = new URL(target.url!);
    through.port = String(proxy.port);
    handle = await openDatabase<ChatDatabase>({ url: through.toString(), schema, poolSize: 10, onConnectionLost: () => {} });
    await migrateToLatest(handle.db as Kysely<any>, migrations, schema);
  });
  afterAll(async () => {
    proxy.restore();
    await handle.close();
    await proxy.close();
    await dropSchemas(target.url, [schema]);
  });

  it('is counted while it streams, not once the database is back, and given back once', async () => {
    const token = await identity.tokenFor('user');
    fake.reset();
    const app = await startChatOn(handle, {
      IDENTITY_URL: identity.url,
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test-key',
      CHAT_FIRST_TOKEN_TIMEOUT_MS: '10000',
      CHAT_IDLE_TIMEOUT_MS: '10000',
      CHAT_ANSWER_LEASE_MS: '900',
    });
    const usage = async () => (await app.inject({ url: '/api/chat/usage', headers: bearer(token) })).json().usage.messages_today as number;
    const first = await app.inject({ method: 'POST', url: '/api/chat', headers: bearer(token), payload: { message: 'What is redlining?' } });
    expect(first.statusCode).toBe(200);
    const sessionId = first.json().session_id as string;

    fake.reset();
    fake.answer = 'word '.repeat(30).trim();
    fake.chunkDelayMs = 50;
    const pending = app.inject({ method: 'POST', url: '/api/chat/stream', headers: bearer(token), payload: { message: 'And today?', session_id: sessionId } });
    await eventually(async () => ((fake.requests[0]?.chunksSent ?? 0) >= 3 ? true : undefined));
    proxy.cut(); // the database goes away while the answer streams
    const cutAt = performance.now();
    const events = eventsOf((await pending).body);
    const meta = events[0]!.data;
    expect(meta.usage.messages_today).toBe(2); // it was counted
    expect(events.find((event) => event.event === 'error')?.data).toMatchObject({ code: 'AI_REPLY_FAILED', reason: 'the answer could not be saved', usage: null });
    await sleep(1000); // longer than the lease, the database still gone: the sweeps fail too
    proxy.restore();
    const restoredAt = performance.now();

    // Once the database answers, the sweep fails the answer and gives its message back.
    await eventually(async () => ((await usage()) === 1 ? true : undefined), 5000);
    const repairedMs = performance.now() - restoredAt;
    const rows = (await app.inject({ url: `/api/chat/sessions/${sessionId}/messages`, headers: bearer(token) })).json().messages;
    expect(rows.find((row: { id: string }) => row.id === meta.ai_message_id)).toMatchObject({ status: 'failed' });
    await sleep(1200); // four more sweeps
    expect(await usage()).toBe(1); // given back once
    const counters = await handle.db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', subjectOf(token)).execute();
    expect(counters.map((row) => row.used)).toEqual([1]);

    fake.reset();
    const again = await app.inject({ method: 'POST', url: `/api/chat/sessions/${sessionId}/regenerate`, headers: bearer(token), payload: {} });
    expect(again.statusCode).toBe(200);
    expect(await usage()).toBe(2);
    console.info(`[${target.kind}] database gone mid-answer for ${((restoredAt - cutAt) / 1000).toFixed(1)} s; message given back ${repairedMs.toFixed(0)} ms after it came back`);
    await app.close();
  }, 30_000);
});
