// Issue 27, item 2: an account whose address is not confirmed has its address's guest allowance, shared with
// the guests there. Signing up (three times, from one address) must not buy more analyses than a guest has.
import { beforeEach, describe, expect, it } from 'vitest';
import { appForSuite, databaseTargets, identityForFile, withoutVerificationClaim } from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const ARTICLE = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood.';

describe.each(targets)('accounts that have not confirmed their address, on $kind', (target) => {
  const free = appForSuite(() => startDecoder(target, { IDENTITY_URL: identity.url }));
  const monthly = appForSuite(() => startDecoder(target, { IDENTITY_URL: identity.url, DEFAULT_ACCOUNT_TIER: 'monthly' }));
  beforeEach(async () => {
    for (const ctx of [free, monthly]) {
      await ctx.database.db.deleteFrom('usage_counters').execute();
      await ctx.database.db.deleteFrom('reader_days').execute();
    }
  });

  const analyze = (ctx: typeof free, address: string, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/bias-analysis',
      payload: { text: ARTICLE },
      headers: { 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('gives a guest and three accounts signed up from one address 3 analyses in all', async () => {
    const address = '198.51.100.23';
    const statuses = [(await analyze(free, address)).statusCode];
    for (let i = 0; i < 3; i++) {
      const account = await identity.signUpUnverified(undefined, { 'x-forwarded-for': address });
      for (let j = 0; j < 3; j++) statuses.push((await analyze(free, address, account.token)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - 3);
    // The guests at the address have nothing left either: the accounts used the same allowance.
    expect((await analyze(free, address)).statusCode).toBe(429);
  }, 60_000);

  it('shows an unconfirmed account the address’s count, and its own allowance once confirmed', async () => {
    const address = '198.51.100.24';
    for (let i = 0; i < 2; i++) expect((await analyze(free, address)).statusCode).toBe(200);
    const account = await identity.signUpUnverified();
    const usage = await free.app.inject({ url: '/api/bias-usage/current', headers: { 'x-forwarded-for': address, authorization: `Bearer ${account.token}` } });
    expect(usage.json().usage).toMatchObject({ subscription_tier: 'free', daily_count: 2, remaining: 1 });
    expect((await analyze(free, address, account.token)).json().usage).toMatchObject({ daily_count: 3, remaining: 0 });
    expect((await analyze(free, address, account.token)).statusCode).toBe(429);

    // Confirmed (the link in the mail followed, the session's next token says so): its own 3 a day, the one
    // it used before confirming included.
    const confirmed = await identity.verify(account);
    const after = [];
    for (let i = 0; i < 3; i++) after.push((await analyze(free, address, confirmed.token)).statusCode);
    expect(after).toEqual([200, 200, 429]);
  }, 60_000);

  it('lets exactly the address’s 3 through when unconfirmed accounts and guests at one address ask at once', async () => {
    const address = '198.51.100.25';
    const accounts = await Promise.all(Array.from({ length: 4 }, () => identity.signUpUnverified()));
    const responses = await Promise.all([
      ...accounts.flatMap((account) => Array.from({ length: 5 }, () => analyze(free, address, account.token))),
      ...Array.from({ length: 5 }, () => analyze(free, address)),
    ]);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
  }, 60_000);

  it('counts a paying account by its own allowance, confirmed or not', async () => {
    const address = '198.51.100.26';
    for (let i = 0; i < 3; i++) expect((await analyze(monthly, address)).statusCode).toBe(200);
    const account = await identity.signUpUnverified();
    const response = await analyze(monthly, address, account.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().usage).toMatchObject({ subscription_tier: 'monthly', daily_count: 1, limit: 10 });
  }, 60_000);

  it('counts a token from before the claim existed (no `ev`) as confirmed', async () => {
    const address = '198.51.100.27';
    for (let i = 0; i < 3; i++) expect((await analyze(free, address)).statusCode).toBe(200);
    const account = await identity.signUpUnverified();
    expect((await analyze(free, address, account.token)).statusCode).toBe(429);
    const legacy = withoutVerificationClaim(account.token, identity.signingKeyPem);
    const response = await analyze(free, address, legacy);
    expect(response.statusCode).toBe(200);
    expect(response.json().usage).toMatchObject({ subscription_tier: 'free', daily_count: 1 });
  }, 60_000);
});
