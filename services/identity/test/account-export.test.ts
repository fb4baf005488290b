// "Download your data" over real HTTP on both databases: real decoder, chat and billing processes trusting this
// identity hold a reader's analysis, conversation and paid plan; the reader downloads one file with identity's rows and
// each service's part, and nothing of another reader's or any secret. With the chat down, the reader gets 503 naming
// the conversations, and the same request succeeds once the chat is back.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { accountExportDocument } from '@keisha/contracts/identity/schemas';
import type { ServiceApp } from '@keisha/service-kit';
import { buySandboxDecoderPlan, databaseTargets, serviceDoor, startServiceProcess } from '@keisha/service-kit/testing';
import { EXPORT_DISK_MESSAGE, unavailableMessage } from '../src/export/account-export.ts';
import { EXPORT_GATE_MESSAGES } from '../src/routes/auth/export-data.ts';
import { bearer, identityAppOn, identityAppsForSuite, signIn, signUp } from './helpers.ts';

const targets = await databaseTargets();
const INTERNAL = 'export-test-internal-token-0123456789abcdef';
const SIGNING_KEY_PEM = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PASSWORD = 'correct-horse-battery-staple-42';

// The three services start once for the file; they trust whichever identity the describe block in progress points
// this door at. The chat is reached through a second door the test closes (chat down).
const identityDoor = await serviceDoor('http://127.0.0.1:9');
const billing = await startServiceProcess('billing', { IDENTITY_URL: identityDoor.url, PAYMENTS_SANDBOX: 'on', INTERNAL_API_TOKEN: INTERNAL });
const trusting = { IDENTITY_URL: identityDoor.url, BILLING_URL: billing.url, INTERNAL_API_TOKEN: INTERNAL };
const [decoder, chat] = await Promise.all([startServiceProcess('decoder', trusting), startServiceProcess('chat', trusting)]);
const chatGate = await serviceDoor(chat.url);
afterAll(async () => {
  await Promise.all([chatGate.close(), identityDoor.close()]);
  await Promise.all([decoder.stop(), chat.stop(), billing.stop()]);
});

describe('the message when a part cannot be gathered', () => {
  it('names each missing part once, in a sentence', () => {
    expect(unavailableMessage(['chat'])).toBe('Your chat conversations could not be gathered just now. Nothing was downloaded; try again in a minute.');
    expect(unavailableMessage(['decoder', 'billing'])).toBe(
      'Your News Decoder history and API keys and your plans and payments could not be gathered just now. Nothing was downloaded; try again in a minute.',
    );
    expect(unavailableMessage(['decoder', 'chat', 'billing'])).toMatch(/^Your News Decoder history and API keys, your chat conversations and your plans and payments could not/);
  });
});

describe.each(targets)('a reader downloads their data on $kind', (target) => {
  const base = identityAppsForSuite(target);
  let front: ServiceApp;
  let spool: string;
  const frontEnv = () => ({
    INTERNAL_API_TOKEN: INTERNAL,
    SIGNING_KEY_PEM,
    DECODER_URL: decoder.url,
    BILLING_URL: billing.url,
    CHAT_URL: chatGate.url,
    EXPORT_MAX_CONCURRENT: '2',
    EXPORT_SPOOL_DIR: spool,
  });

  beforeAll(async () => {
    spool = await mkdtemp(path.join(os.tmpdir(), 'keisha-export-spool-'));
    front = await identityAppOn(base.database, frontEnv());
    identityDoor.state.target = await front.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    chatGate.state.open = true;
    chatGate.state.held = undefined;
    await front?.close();
    await rm(spool, { recursive: true, force: true });
  });

  /** A signed-in reader with an analysis, a conversation and (when asked) a Monthly plan, made through the public routes. */
  async function readerWithData(email: string, words: { article: string; question: string }, buy: boolean) {
    const reader = await signUp(front, email, PASSWORD);
    await base.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', reader.user.id).execute();
    const signed = await signIn(front, email, PASSWORD);
    const json = { ...bearer(signed.token), 'content-type': 'application/json' };
    const analysed = await fetch(`${decoder.url}/api/bias-analysis`, { method: 'POST', headers: json, body: JSON.stringify({ text: words.article }) });
    expect(analysed.status, await analysed.clone().text()).toBe(200);
    const chatted = await fetch(`${chat.url}/api/chat`, { method: 'POST', headers: json, body: JSON.stringify({ message: words.question }) });
    expect(chatted.status, await chatted.clone().text()).toBe(200);
    if (buy) await buySandboxDecoderPlan(billing.url, signed.token, 'monthly');
    return signed;
  }
  const download = (token: string) => front.inject({ url: AUTH_PATHS.exportData, headers: bearer(token) });

  it('gives one file with every service’s part, nothing of another reader’s, and no secret', async () => {
    const reader = await readerWithData(
      `exporting-${target.kind}@example.org`,
      { article: 'Officials said the inner-city thugs rioted again near the stadium.', question: 'What is redlining in housing?' },
      true,
    );
    const other = await readerWithData(
      `staying-${target.kind}@example.org`,
      { article: 'The council said urban youth loitered by the library all week.', question: 'Who coined the term welfare queen?' },
      false,
    );

    const answer = await download(reader.token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="keisha-data-${new Date().toISOString().slice(0, 10)}.json"`);
    expect(answer.headers['cache-control']).toBe('no-store');
    const file = accountExportDocument.parse(answer.json());
    expect(file.account_id).toBe(reader.user.id);
    expect(file.identity.account).toEqual([expect.objectContaining({ id: reader.user.id, email: `exporting-${target.kind}@example.org`, role: 'user' })]);
    expect(file.identity.sessions?.length).toBeGreaterThanOrEqual(2); // signed up, then signed in
    expect(file.identity.mail?.map((mail) => mail.kind)).toContain('verify-email');

    // Each service's part holds what the reader made there.
    expect(JSON.stringify(file.decoder)).toContain('inner-city thugs rioted again near the stadium');
    expect(JSON.stringify(file.chat)).toContain('What is redlining in housing?');
    expect(JSON.stringify(file.billing)).toMatch(/monthly/i);

    // Another reader's words, the password, the session token and any hash stay out.
    const text = answer.body;
    for (const absent of ['urban youth loitered', 'welfare queen', other.user.id, PASSWORD, reader.token, 'password_hash', 'token_hash', '$argon2', '$scrypt']) {
      expect(text, absent).not.toContain(absent);
    }
    // Sent from the disk with its length, and gone from it once sent.
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    await expect.poll(() => readdir(spool)).toEqual([]);
  });

  it('answers 503 naming the conversations while the chat is down, and the whole file once it is back', async () => {
    const reader = await readerWithData(`waiting-${target.kind}@example.org`, { article: 'Crime rose in the ghetto, the mayor said.', question: 'What is a dog whistle?' }, false);
    chatGate.state.open = false;
    const down = await download(reader.token);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBe('60');
    expect(down.json()).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: 'Your chat conversations could not be gathered just now. Nothing was downloaded; try again in a minute.' }),
    });

    expect(await readdir(spool)).toEqual([]); // the parts that came are not kept either

    chatGate.state.open = true;
    const back = await download(reader.token);
    expect(back.statusCode, back.body).toBe(200);
    expect(JSON.stringify(accountExportDocument.parse(back.json()).chat)).toContain('What is a dog whistle?');
  });

  it('answers 503 naming the history when the decoder’s stream is cut half way, and keeps nothing of it', async () => {
    // A decoder that sends one page of rows and then drops the connection, as one that crashed mid-answer would.
    const cutting = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${JSON.stringify({ kind: 'analyses', rows: [{ id: 'a', text: 'Half a history' }] })}\n`, () => response.destroy());
    });
    await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
    const address = cutting.address() as { port: number };
    const other = await identityAppOn(base.database, { ...frontEnv(), DECODER_URL: `http://127.0.0.1:${address.port}` });
    try {
      const reader = await readerWithData(`cut-${target.kind}@example.org`, { article: 'The mayor spoke about crime.', question: 'What is redlining?' }, false);
      const answer = await other.inject({ url: AUTH_PATHS.exportData, headers: bearer(reader.token) });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().error).toEqual(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: unavailableMessage(['decoder']) }));
      expect(await readdir(spool)).toEqual([]);
    } finally {
      await other.close();
      await new Promise((resolve) => cutting.close(resolve));
    }
  });

  it('still reads a part answered whole, as a service from before the stream answers during a rolling deploy', async () => {
    const older = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ success: true, data: { analyses: [{ id: 'a1', text: 'An older decoder’s history' }], api_keys: [] } }));
    });
    await new Promise<void>((resolve) => older.listen(0, '127.0.0.1', resolve));
    const other = await identityAppOn(base.database, { ...frontEnv(), DECODER_URL: `http://127.0.0.1:${(older.address() as { port: number }).port}` });
    try {
      const reader = await readerWithData(`older-${target.kind}@example.org`, { article: 'The mayor spoke about crime.', question: 'What is redlining?' }, false);
      const answer = await other.inject({ url: AUTH_PATHS.exportData, headers: bearer(reader.token) });
      expect(answer.statusCode, answer.body).toBe(200);
      const file = accountExportDocument.parse(answer.json());
      expect(file.decoder).toEqual({ analyses: [{ id: 'a1', text: 'An older decoder’s history' }], api_keys: [] });
      expect(JSON.stringify(file.chat)).toContain('What is redlining?');
    } finally {
      await other.close();
      await new Promise((resolve) => older.close(resolve));
    }
  });

  it('answers 503 saying so when the disk cannot hold the file', async () => {
    const notADirectory = path.join(spool, '..', `keisha-not-a-directory-${target.kind}`);
    await writeFile(notADirectory, 'x');
    const other = await identityAppOn(base.database, { ...frontEnv(), EXPORT_SPOOL_DIR: notADirectory });
    try {
      const reader = await signUp(other, `no-room-${target.kind}@example.org`, PASSWORD);
      const answer = await other.inject({ url: AUTH_PATHS.exportData, headers: bearer(reader.token) });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().error).toEqual(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: EXPORT_DISK_MESSAGE }));
    } finally {
      await other.close();
      await rm(notADirectory, { force: true });
    }
  });

  it('builds one file per account at a time and at most EXPORT_MAX_CONCURRENT at once, refusing the rest at once', async () => {
    const made = (name: string) =>
      readerWithData(`gated-${name}-${target.kind}@example.org`, { article: `The ${name} report said crime rose.`, question: 'What is redlining?' }, false);
    const [first, second, third] = await Promise.all([made('one'), made('two'), made('three')]);
    // The chat answers slowly: the exports of the first two readers wait for it, holding both places.
    let letThrough!: () => void;
    chatGate.state.held = new Promise<void>((resolve) => (letThrough = resolve));
    const exportsAsked = () => chatGate.state.asked.filter((url) => url.includes('/export')).length;
    const before = exportsAsked();
    const waiting = [download(first.token), download(second.token)];
    await expect.poll(exportsAsked, { timeout: 10_000 }).toBe(before + 2);

    const again = await download(first.token); // the same reader in another window
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error).toEqual(expect.objectContaining({ code: 'EXPORT_IN_PROGRESS', message: EXPORT_GATE_MESSAGES.accountBusy }));

    const full = await download(third.token);
    expect(full.statusCode, full.body).toBe(503);
    expect(full.headers['retry-after']).toBe('30');
    expect(full.json().error).toEqual(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: EXPORT_GATE_MESSAGES.replicaBusy }));
    expect(exportsAsked()).toBe(before + 2); // refused before any service was asked

    chatGate.state.held = undefined;
    letThrough();
    const done = await Promise.all(waiting);
    expect(done.map((answer) => answer.statusCode)).toEqual([200, 200]);
    // The places are free again: the refused readers' next click works.
    expect((await download(third.token)).statusCode).toBe(200);
    expect((await download(first.token)).statusCode).toBe(200);
  });

  it('frees the place and the disk when the reader leaves while the parts are gathered', async () => {
    const reader = await readerWithData(`leaving-${target.kind}@example.org`, { article: 'The mayor spoke about crime.', question: 'What is redlining?' }, false);
    let letThrough!: () => void;
    chatGate.state.held = new Promise<void>((resolve) => (letThrough = resolve));
    const exportsAsked = () => chatGate.state.asked.filter((url) => url.includes('/export')).length;
    const before = exportsAsked();
    const leaving = new AbortController();
    const asked = fetch(`${identityDoor.state.target}${AUTH_PATHS.exportData}`, { headers: bearer(reader.token), signal: leaving.signal }).catch((error: unknown) => error);
    await expect.poll(exportsAsked, { timeout: 10_000 }).toBe(before + 1);
    leaving.abort(); // the reader closes the tab while the chat is slow
    expect(await asked).toBeInstanceOf(Error);
    chatGate.state.held = undefined;
    letThrough();
    await expect.poll(() => readdir(spool), { timeout: 10_000 }).toEqual([]);
    const again = await download(reader.token);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('cuts a download its reader stopped taking, freeing the place and the disk for the next one', async () => {
    const stalling = await identityAppOn(base.database, { ...frontEnv(), EXPORT_MAX_CONCURRENT: '1', EXPORT_SEND_STALL_SECONDS: '1' });
    let stalled: IncomingMessage | undefined;
    try {
      const origin = await stalling.listen({ host: '127.0.0.1', port: 0 });
      const email = `stalling-${target.kind}@example.org`;
      const reader = await signUp(stalling, email, PASSWORD);
      // A file of about 20 MB, far more than the sockets on the way buffer: 320 messages with 64 KB subjects.
      for (let batch = 0; batch < 8; batch++) {
        const at = new Date();
        await base.database.db
          .insertInto('mail_outbox')
          .values(
            Array.from({ length: 40 }, (_, i) => ({
              dedupe_key: `stall-test:${target.kind}:${batch}:${i}`,
              kind: 'support-reply',
              recipient: email,
              subject: `${batch}:${i} `.padEnd(64 * 1024, 'x'),
              text_body: '',
              html_body: '',
              status: 'sent' as const,
              next_attempt_at: at,
              created_at: at,
              sent_at: at,
            })),
          )
          .execute();
      }
      // The reader takes the headers, then nothing more.
      stalled = await new Promise<IncomingMessage>((resolve, reject) => {
        get(`${origin}${AUTH_PATHS.exportData}`, { headers: bearer(reader.token) }, (answer) => {
          answer.pause();
          resolve(answer);
        }).on('error', reject);
      });
      expect(stalled.statusCode).toBe(200);
      expect(Number(stalled.headers['content-length'])).toBeGreaterThan(20_000_000);
      // Cut by identity: the place and the disk are freed while this reader still holds the connection.
      await expect.poll(() => readdir(spool), { timeout: 10_000 }).toEqual([]);

      // The one place of this replica is free again: the same reader, taking the file this time, gets all of it.
      const again = await fetch(`${origin}${AUTH_PATHS.exportData}`, { headers: bearer(reader.token) });
      expect(again.status).toBe(200);
      const file = accountExportDocument.parse(await again.json());
      expect(file.identity.mail?.filter((mail) => mail.kind === 'support-reply')).toHaveLength(320);

      // The stalled reader, reading at last, finds its file cut short.
      const cut = stalled;
      const ended = new Promise<boolean>((resolve) => cut.once('close', () => resolve(cut.complete)));
      cut.on('error', () => undefined).resume();
      expect(await ended).toBe(false);
    } finally {
      stalled?.destroy();
      await stalling.close();
    }
  });

  it('frees the place when the file cannot be made, so the next request works once the service is back', async () => {
    const reader = await readerWithData(`freed-${target.kind}@example.org`, { article: 'The mayor spoke about crime.', question: 'What is redlining?' }, false);
    chatGate.state.open = false;
    for (let attempt = 0; attempt < 3; attempt++) expect((await download(reader.token)).statusCode).toBe(503);
    chatGate.state.open = true;
    expect((await download(reader.token)).statusCode).toBe(200);
  });

  it('refuses a reader who is not signed in, and an account deleted since its token was issued', async () => {
    expect((await front.inject({ url: AUTH_PATHS.exportData })).statusCode).toBe(401);
    const reader = await signUp(front, `gone-${target.kind}@example.org`, PASSWORD);
    const deleted = await front.inject({ method: 'POST', url: AUTH_PATHS.deleteAccount, headers: bearer(reader.token), payload: { password: PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await download(reader.token)).statusCode).toBe(401);
  });
});
