// An answer cut off by a crash costs nothing and can be regenerated at once. The chat service runs as a real
// process with a model that streams slowly; it is killed (SIGKILL: no shutdown hook runs) in the middle of an
// answer, and started again on the same database and address, as the launcher or Kubernetes would. The new
// process knows the answer's writer is gone (an earlier process of its own instance): the answer is marked
// failed, the day's count is back where it was before the message, and Regenerate answers 200 on the first try.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, dropSchemas, freePort, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import { DEAD_ANSWER_NOTE } from '../src/db/repositories/streaming-answers.ts';
import { startChatProcess, type ChatProcess } from './chat-process.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { eventually, readFirstDeltas } from './helpers.ts';

const targets = await databaseTargets();
const INTERNAL_API_TOKEN = randomBytes(32).toString('base64url');

describe.each(targets)('an answer cut off by a crash on $kind', (target) => {
  let identity: IdentityProcess;
  let fake: FakeOpenAi;
  let dataDir: string;
  const schema = `t_crash_${randomBytes(6).toString('hex')}`;
  const running: ChatProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    [identity, fake] = await Promise.all([startIdentityProcess({ INTERNAL_API_TOKEN }), startFakeOpenAi()]);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-test-chat-crash-'));
    env = {
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: target.url ?? '',
      ...(target.kind === 'postgres' ? { DATABASE_SCHEMA: schema } : {}),
      LOG_LEVEL: 'warn',
      IDENTITY_URL: identity.url,
      INTERNAL_API_TOKEN,
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test-key',
      CHAT_MODEL: 'fake-model',
      CHAT_FIRST_TOKEN_TIMEOUT_MS: '10000',
      CHAT_IDLE_TIMEOUT_MS: '10000',
      RATE_LIMIT_MAX: '100000',
      // The default lease (30 s): the restarted process must not need it to run out.
    };
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((chat) => chat.kill('SIGTERM')));
    await Promise.all([identity?.stop(), fake?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    if (target.kind === 'postgres') await dropSchemas(target.url, [schema]);
  });

  const start = async () => {
    const chat = await startChatProcess(env);
    running.push(chat);
    return chat;
  };

  it('marks the answer failed when the service starts again, gives its message back, and lets Regenerate answer at once', async () => {
    const token = await identity.tokenFor('user');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const first = await start();
    const json = async (response: Response): Promise<any> => response.json();
    const usage = async (chat: ChatProcess) => (await json(await fetch(`${chat.url}/api/chat/usage`, { headers }))).usage.messages_today as number;
    const messagesOf = async (chat: ChatProcess, sessionId: string) =>
      (await json(await fetch(`${chat.url}/api/chat/sessions/${sessionId}/messages`, { headers }))).messages as Array<{ id: string; status: string; notes: string[] }>;

    // One answered message: the day's count is 1.
    const answered = await fetch(`${first.url}/api/chat`, { method: 'POST', headers, body: JSON.stringify({ message: 'What is redlining?' }) });
    expect(answered.status).toBe(200);
    const sessionId = (await json(answered)).session_id as string;
    expect(await usage(first)).toBe(1);

    // A second message, answered slowly (400 words, 25 ms apart: 10 s); killed after a few words.
    fake.answer = 'word '.repeat(400).trim();
    fake.chunkDelayMs = 25;
    const streaming = await fetch(`${first.url}/api/chat/stream`, {
      method: 'POST',
      headers: { ...headers, accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'And how does it shape lending today?', session_id: sessionId }),
    });
    expect(streaming.status).toBe(200);
    const { meta, reader } = await readFirstDeltas(streaming.body!, 5, 'the crash');
    const aiMessageId: string = meta.ai_message_id;
    expect(await usage(first)).toBe(2); // counted while it streams
    await first.kill('SIGKILL');
    const killedAt = performance.now();
    await reader.cancel().catch(() => {});
    fake.answer = 'A regenerated answer.';
    fake.chunkDelayMs = 0;

    const second = await start();
    // Marked failed as the new process starts (its start-up sweep), not after a timeout.
    const stateAtStart = await eventually(async () => {
      const answer = (await messagesOf(second, sessionId)).find((m) => m.id === aiMessageId);
      return answer?.status === 'failed' ? answer : undefined;
    }, 2000);
    const failedAfterReadyMs = performance.now() - second.readyAt;
    expect(stateAtStart.notes).toContain(DEAD_ANSWER_NOTE);
    expect(await usage(second)).toBe(1); // back where it was before the message

    // Regenerate works on the first try: the cut answer is no longer taken for one still streaming.
    const regenerated = await fetch(`${second.url}/api/chat/sessions/${sessionId}/regenerate`, { method: 'POST', headers, body: JSON.stringify({}) });
    expect(regenerated.status).toBe(200);
    expect(await json(regenerated)).toMatchObject({ success: true, response: 'A regenerated answer.', session_id: sessionId, usage: { messages_today: 2 } });
    expect((await messagesOf(second, sessionId)).map((m) => m.status)).toEqual(['complete', 'complete', 'complete', 'complete']);
    expect(await usage(second)).toBe(2);
    // The figures docs/chat.md quotes.
    console.info(
      `[${target.kind}] killed mid-answer; new process ready ${((second.readyAt - killedAt) / 1000).toFixed(2)} s later; ` +
        `answer failed and message given back ${failedAfterReadyMs.toFixed(0)} ms after ready; regenerate 200 (first try) ${((performance.now() - killedAt) / 1000).toFixed(2)} s after the kill`,
    );
  }, 120_000);
});
