import { afterAll, beforeAll } from 'vitest';
import { appForSuite, bearer, dropSchemas, openTestDatabase, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import type { DatabaseHandle, DatabaseKind } from '@keisha/service-kit';
import { buildChatApp, type ChatDeps } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { chatConfigSchema } from '../src/env.ts';
import { createEventParser, parseEvents } from '../src/domain/sse.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';

export async function startChat(target: { kind: DatabaseKind; url?: string }, env: Record<string, string> = {}, deps: ChatDeps = {}) {
  const database = await openTestDatabase<any>(target, migrations);
  const app = await startChatOn(database, env, deps);
  return { app, database };
}

/**
 * The chat of a fuzz suite, for one describe block (service kit's appForSuite): on an unlimited plan, so valid
 * bodies go all the way to an answer instead of stopping at the limit, with a signed-in user who has sent `message`
 * (a conversation for the routes' session ids). `first` is the answer to that message; `env` is added to the chat's.
 */
export function seededChatForSuite(target: { kind: DatabaseKind; url?: string }, identity: IdentityProcess, message: string, env: Record<string, string> = {}) {
  return appForSuite(async () => {
    const chat = await startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Gold', ...env });
    const user = await identity.tokenFor('user');
    const first = await chat.app.inject({ method: 'POST', url: '/api/chat', headers: bearer(user), payload: { message } });
    return { ...chat, user, first, sessionId: first.json().session_id as string };
  });
}

/** The chat service on a database that is already open (several replicas on one database). */
export async function startChatOn(database: DatabaseHandle<any>, env: Record<string, string> = {}, deps: ChatDeps = {}) {
  const config = chatConfigSchema.parse({
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    CHAT_RATE_LIMIT_MAX: '100000',
    CHAT_OFFLINE_CHUNK_DELAY_MS: '0',
    ...env,
  });
  // The database outlives each app in these tests; the suite closes it itself.
  const app = await buildChatApp(config, { ...database, close: async () => {} }, { logger: false, ...deps });
  await app.ready();
  return app;
}

export { bearer, subjectOf } from '@keisha/service-kit/testing';

export interface StreamEvent {
  event: string;
  data: any;
}

/** The events of a complete server-sent-events body. */
export function eventsOf(body: string): StreamEvent[] {
  return parseEvents(body).map((e) => ({ event: e.event, data: JSON.parse(e.data) }));
}

/** The text of a stream's delta events. */
export function deltaText(events: StreamEvent[]): string {
  return events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
}

/** Polls `probe` until it returns a value that is not undefined. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Where a file's identity process keeps its accounts: on PostgreSQL when one answers (it starts in seconds there, in
 * up to a minute on a loaded machine's PGlite), in a schema of its own per file (`name`) and target, dropped after.
 */
export function identityDatabaseFor(targets: ReadonlyArray<{ kind: string; url?: string }>, name: string) {
  const postgres = targets.find((t) => t.kind === 'postgres');
  const schema = (kind: string) => `identity_${name}_${kind}_${process.pid}`;
  return {
    env: (kind: string): Record<string, string> => (postgres?.url ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: schema(kind) } : {}),
    drop: (kind: string) => dropSchemas(postgres?.url, [schema(kind)]),
  };
}

/**
 * Reads a streamed answer until `count` deltas have arrived: its meta event, the text received so far, and the
 * reader (for the test to cancel). A stream that ends first fails with "the stream ended before <until>".
 */
export async function readFirstDeltas(body: ReadableStream<Uint8Array>, count: number, until: string) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createEventParser();
  let meta: any;
  let text = '';
  let deltas = 0;
  while (deltas < count) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before ${until}`);
    for (const event of parse(value)) {
      if (event.event === 'meta') meta = JSON.parse(event.data);
      if (event.event === 'delta') {
        text += JSON.parse(event.data).text;
        deltas++;
      }
    }
  }
  return { meta, text, reader };
}

/**
 * For one describe block on `target`: identity (its accounts in `identityDatabase`) and a fake OpenAI-compatible
 * model, started together before the block's first test; stopped, and identity's schema dropped, after its last
 * (after the block's own afterAll, which closes its chats first).
 */
export function identityAndModelForSuite(identityDatabase: ReturnType<typeof identityDatabaseFor>, target: { kind: string }) {
  const peers = {} as { identity: IdentityProcess; fake: FakeOpenAi };
  beforeAll(async () => {
    [peers.identity, peers.fake] = await Promise.all([startIdentityProcess(identityDatabase.env(target.kind)), startFakeOpenAi()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([peers.identity?.stop(), peers.fake?.close()]);
    await identityDatabase.drop(target.kind);
  });
  return peers;
}
