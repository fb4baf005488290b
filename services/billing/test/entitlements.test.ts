import { describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { billingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('entitlements on $kind', (target) => {
  const ctx = billingForSuite(target, { IDENTITY_URL: identity.url });

  const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

  it('computes a person’s plans from their subscriptions, for them and for administrators only', async () => {
    const token = await identity.tokenFor('user');
    const id = subOf(token);
    const me = () => ctx.app.inject({ url: '/api/billing/entitlements/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).json().entitlement).toEqual({ decoder_tier: 'free', chat_tier: 'Free', expires_at: null, lifetime: false });

    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    await ctx.database.db
      .insertInto('subscriptions')
      .values([
        { user_id: id, product: 'decoder', tier: 'monthly', status: 'active', provider: 'sandbox', provider_ref: `t-${id}-1`, current_period_end: periodEnd },
        { user_id: id, product: 'chat', tier: 'Gold', status: 'active', provider: 'sandbox', provider_ref: `t-${id}-2`, lifetime: true },
      ])
      .execute();
    expect((await me()).json().entitlement).toEqual({ decoder_tier: 'monthly', chat_tier: 'Gold', expires_at: periodEnd.toISOString(), lifetime: true });

    const url = `/api/billing/admin/entitlements?user_ids=${id}`;
    expect((await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    const admin = await ctx.app.inject({ url, headers: { authorization: `Bearer ${await identity.tokenFor('admin')}` } });
    expect(admin.json().entitlements[id]).toMatchObject({ decoder_tier: 'monthly', chat_tier: 'Gold' });
    expect((await ctx.app.inject({ url: '/api/billing/admin/entitlements?user_ids=nope', headers: { authorization: `Bearer ${await identity.tokenFor('admin')}` } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/billing/entitlements/me' })).statusCode).toBe(401);
  });
});
