// The erasure job over real HTTP on both databases: real decoder, chat and billing processes trusting this identity
// hold a reader's analyses, conversation and paid plan; the reader deletes the account, and identity's job asks each
// service to erase it, twice (at once, and after the settle time). The chat sits behind a gate the test closes (chat
// down): its erasure waits with the reason and is done once the chat is back; the others finish meanwhile. Asked
// again afterwards, every service has nothing left of the account, and billing says it has no plan.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { internalAccountErasurePath as billingErasure, internalEntitlementPath } from '@keisha/contracts/billing';
import { internalAccountErasurePath as chatErasure } from '@keisha/contracts/chat';
import { internalAccountErasurePath as decoderErasure } from '@keisha/contracts/decoder';
import type { ServiceApp } from '@keisha/service-kit';
import { buySandboxDecoderPlan, databaseTargets, serviceDoor, startServiceProcess } from '@keisha/service-kit/testing';
import { bearer, identityAppOn, identityAppsForSuite, signIn, signUp } from './helpers.ts';

const targets = await databaseTargets();
const INTERNAL = 'erasure-test-internal-token-0123456789abcdef';
const SIGNING_KEY_PEM = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PASSWORD = 'correct-horse-battery-staple-42';
const internal = { 'x-keisha-internal-token': INTERNAL };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 30_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The three services start once for the file (a start costs seconds on a loaded machine): they trust whichever
// identity the describe block in progress points this door at.
const identityDoor = await serviceDoor('http://127.0.0.1:9');
const billing = await startServiceProcess('billing', { IDENTITY_URL: identityDoor.url, PAYMENTS_SANDBOX: 'on', INTERNAL_API_TOKEN: INTERNAL });
const trusting = { IDENTITY_URL: identityDoor.url, BILLING_URL: billing.url, INTERNAL_API_TOKEN: INTERNAL };
const [decoder, chat] = await Promise.all([startServiceProcess('decoder', trusting), startServiceProcess('chat', trusting)]);
const chatGate = await serviceDoor(chat.url);
afterAll(async () => {
  await Promise.all([chatGate.close(), identityDoor.close()]);
  await Promise.all([decoder.stop(), chat.stop(), billing.stop()]);
});

describe.each(targets)('a deleted account erased in every service on $kind', (target) => {
  const base = identityAppsForSuite(target);
  const env = { INTERNAL_API_TOKEN: INTERNAL, SIGNING_KEY_PEM };
  let front: ServiceApp;

  beforeAll(async () => {
    // The identity the services trust: same database and signing key as the job's apps; its own timer off.
    front = await identityAppOn(base.database, env);
    identityDoor.state.target = await front.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await front?.close();
  });

  const erasures = () => base.database.db.selectFrom('account_erasures').select(['service', 'passes', 'done_at', 'last_error', 'attempts']).orderBy('service').execute();
  const askAgain = async (path: string, url: string) => {
    const response = await fetch(`${url}${path}`, { method: 'DELETE', headers: internal });
    expect(response.status).toBe(200);
    return ((await response.json()) as { erased: Record<string, number> }).erased;
  };

  it('erases the analyses, the conversation and the plan; a service down waits, then finishes once it is back', async () => {
    const reader = await signUp(front, 'leaving@example.org', PASSWORD);
    await base.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', reader.user.id).execute();
    const signed = await signIn(front, 'leaving@example.org', PASSWORD);
    const userId = signed.user.id;
    const json = { ...bearer(signed.token), 'content-type': 'application/json' };
    const analysed = await fetch(`${decoder.url}/api/bias-analysis`, { method: 'POST', headers: json, body: JSON.stringify({ text: 'Officials said the inner-city thugs rioted again.' }) });
    expect(analysed.status, await analysed.clone().text()).toBe(200);
    const chatted = await fetch(`${chat.url}/api/chat`, { method: 'POST', headers: json, body: JSON.stringify({ message: 'What is redlining?' }) });
    expect(chatted.status, await chatted.clone().text()).toBe(200);
    await buySandboxDecoderPlan(billing.url, signed.token, 'monthly');
    const planBefore = (await (await fetch(`${billing.url}${internalEntitlementPath(userId)}`, { headers: internal })).json()) as { entitlement: { decoder_tier: string } };
    expect(planBefore.entitlement.decoder_tier).toBe('monthly');

    chatGate.state.open = false;
    const deleted = await front.inject({ method: 'POST', url: AUTH_PATHS.deleteAccount, headers: bearer(signed.token), payload: { password: PASSWORD } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const job = await base.start({
      ...env,
      ERASURE_ENABLED: 'true',
      ERASURE_POLL_MS: '100',
      ERASURE_SETTLE_MS: '300',
      ERASURE_RETRY_BASE_MS: '100',
      ERASURE_RETRY_MAX_MS: '400',
      DECODER_URL: decoder.url,
      BILLING_URL: billing.url,
      CHAT_URL: chatGate.url,
    });

    // The decoder and billing finish both passes; the chat's erasure waits, with the reason and the attempts.
    const meanwhile = await until(erasures, (rows) => rows.filter((r) => r.done_at).length === 2 && rows.some((r) => r.service === 'chat' && r.attempts >= 2));
    expect(meanwhile.map((r) => [r.service, r.passes, r.done_at !== null])).toEqual([
      ['billing', 2, true],
      ['chat', 0, false],
      ['decoder', 2, true],
    ]);
    expect(meanwhile.find((r) => r.service === 'chat')?.last_error).toBeTruthy();

    chatGate.state.open = true;
    const finished = await until(erasures, (rows) => rows.every((r) => r.done_at));
    expect(finished.map((r) => [r.service, r.passes, r.last_error])).toEqual([
      ['billing', 2, null],
      ['chat', 2, null],
      ['decoder', 2, null],
    ]);

    // The operator sees the failed calls on /metrics.
    const metrics = (await job.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/identity_account_erasure_calls_total\{service="chat",outcome="failed"\} [1-9]/);
    expect(metrics).toMatch(/identity_account_erasure_calls_total\{service="decoder",outcome="erased"\} 2/);

    // Nothing of the account is left anywhere: each service, asked again, erases nothing; billing sells it nothing.
    for (const erased of [await askAgain(decoderErasure(userId), decoder.url), await askAgain(chatErasure(userId), chat.url)]) {
      expect(Object.values(erased).every((n) => n === 0), JSON.stringify(erased)).toBe(true);
    }
    await askAgain(billingErasure(userId), billing.url);
    const planAfter = (await (await fetch(`${billing.url}${internalEntitlementPath(userId)}`, { headers: internal })).json()) as { entitlement: { decoder_tier: string } };
    expect(planAfter.entitlement.decoder_tier).toBe('free');
  });
});
