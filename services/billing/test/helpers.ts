import { openTestDatabase, type TestDatabase } from '@keisha/service-kit/testing';
import type { DatabaseKind } from '@keisha/service-kit';
import { buildBillingApp } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { billingConfigSchema } from '../src/env.ts';

export async function startBilling(target: { kind: DatabaseKind; url?: string }, env: Record<string, string> = {}) {
  const database = await openTestDatabase<any>(target, migrations);
  const app = await billingAppOn(database, env);
  return { app, database };
}

/** Another billing app (another configuration) over an already open test database. */
export async function billingAppOn(database: TestDatabase<any>, env: Record<string, string> = {}) {
  const config = billingConfigSchema.parse({
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    DEMO_REQUEST_RATE_LIMIT_MAX: '100000',
    PAYMENT_RATE_LIMIT_MAX: '100000',
    ...env,
  });
  const app = await buildBillingApp(config, { ...database, close: async () => {} }, false);
  await app.ready();
  return app;
}

export type Billing = Awaited<ReturnType<typeof startBilling>>;

/** The account id (sub) inside an access token. */
export function subOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
}

export function emailOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).email as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST any value as JSON (undefined: no body) with a token (or none: a guest). */
export function post(ctx: Billing, url: string, payload: unknown, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? bearer(token) : {}) },
  });
}

export function get(ctx: Billing, url: string, token?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

export async function entitlementOf(ctx: Billing, token: string) {
  return (await get(ctx, '/api/billing/entitlements/me', token)).json().entitlement as {
    decoder_tier: string;
    chat_tier: string;
    expires_at: string | null;
    lifetime: boolean;
  };
}

export async function subscriptionRow(ctx: Billing, id: string) {
  return ctx.database.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function eventsFor(ctx: Billing, provider: string, eventId: string) {
  return ctx.database.db.selectFrom('payment_events').selectAll().where('provider', '=', provider).where('event_id', '=', eventId).execute();
}

export const decoderBody = (userId: string, over: Record<string, unknown> = {}) => ({
  user_id: userId,
  tier: 'monthly',
  payment_method: 'bitcoin',
  return_url: '/payment/success',
  cancel_url: '/payment/cancel',
  ...over,
});

export { addMonthsUtc } from '../src/domain/period.ts';

/** Billing on `target`, listening on a free loopback port: `base` is its URL, for tests over real HTTP. */
export async function serveBilling(target: { kind: DatabaseKind; url?: string }, env: Record<string, string> = {}) {
  const ctx = await startBilling(target, env);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  return { ...ctx, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

export type BillingServer = Awaited<ReturnType<typeof serveBilling>>;
