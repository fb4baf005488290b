// Issue 27, item 2: no chat until the account has confirmed its e-mail address, on any plan.
import { beforeEach, describe, expect, it } from 'vitest';
import { appForSuite, databaseTargets, identityForFile, withoutVerificationClaim } from '@keisha/service-kit/testing';
import { CHAT_ERRORS, CHAT_TEXT } from '@keisha/contracts/chat';
import { bearer, startChat } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('the chat for an account that has not confirmed its address, on $kind', (target) => {
  const free = appForSuite(() => startChat(target, { IDENTITY_URL: identity.url }));
  const gold = appForSuite(() => startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Gold' }));

  beforeEach(async () => {
    await free.database.truncateAll();
    await gold.database.truncateAll();
  });

  const refusal = { success: false, error: { code: CHAT_ERRORS.emailNotVerified, message: CHAT_TEXT.emailNotVerified } };
  const send = (app: typeof free.app, token: string, url = '/api/chat') =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload: { message: 'What is racial bias in AI systems?', time_zone: 'UTC' } });

  it('refuses every way of getting an answer with 403 and the reason, and counts no message', async () => {
    const account = await identity.signUpUnverified();
    for (const url of ['/api/chat', '/api/chat/stream']) {
      const response = await send(free.app, account.token, url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
    const created = await free.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: bearer(account.token), payload: {} });
    const regenerate = await free.app.inject({ method: 'POST', url: `/api/chat/sessions/${created.json().session.id}/regenerate`, headers: bearer(account.token), payload: {} });
    expect(regenerate.statusCode).toBe(403);
    expect(regenerate.json()).toEqual(refusal);
    const usage = await free.app.inject({ url: '/api/chat/usage?time_zone=UTC', headers: bearer(account.token) });
    expect(usage.json().usage).toMatchObject({ messages_today: 0 });
  }, 60_000);

  it('answers once the address is confirmed (the next token of the session says so)', async () => {
    const account = await identity.signUpUnverified();
    expect((await send(free.app, account.token)).statusCode).toBe(403);
    const confirmed = await identity.verify(account);
    const response = await send(free.app, confirmed.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, usage: { messages_today: 1 } });
  }, 60_000);

  it('asks a paying account to confirm too', async () => {
    const account = await identity.signUpUnverified();
    const response = await send(gold.app, account.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal);
  }, 60_000);

  it('answers the administrator seeded from ADMIN_EMAIL: identity counts the address the operator chose as confirmed', async () => {
    const admin = await identity.signIn('admin');
    expect(JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()).ev).toBe(true);
    expect((await send(free.app, admin.token)).statusCode).toBe(200);
  }, 60_000);

  it('answers a token from before the claim existed (no `ev`)', async () => {
    const account = await identity.signUpUnverified();
    const response = await send(free.app, withoutVerificationClaim(account.token, identity.signingKeyPem));
    expect(response.statusCode).toBe(200);
  }, 60_000);
});
