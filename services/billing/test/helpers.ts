import { appForSuite, openTestDatabase, type TestDatabase } from '@keisha/service-kit/testing';
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

/**
 * Billing on `target` for one describe block (service kit's appForSuite): built before the block's first test,
 * closed with its database after the last.
 */
export function billingForSuite(target: { kind: DatabaseKind; url?: string }, env: Record<string, string>): Billing {
  return appForSuite(() => startBilling(target, env));
}

/** billingForSuite, listening on a free loopback port (serveBilling): for the tests over real HTTP. */
export function servedBillingForSuite(target: { kind: DatabaseKind; url?: string }, env: Record<string, string>): BillingServer {
  return appForSuite(() => serveBilling(target, env));
}

/**
 * A browser's request to billing over real HTTP: GET, or POST with a JSON body or an empty form (a page's button);
 * redirects are not followed. The answer's text is read at once.
 */
export async function browse(ctx: BillingServer, path: string, init: { method?: string; token?: string; json?: unknown; form?: boolean } = {}) {
  const response = await fetch(`${ctx.base}${path}`, {
    method: init.method ?? (init.json === undefined && !init.form ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      ...(init.token ? bearer(init.token) : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.form ? '' : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, location: response.headers.get('location'), text, json: (): any => JSON.parse(text) };
}

/** Where the form of a checkout page whose button reads `label` posts to. */
export function formAction(html: string, label: RegExp): string {
  const form = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button><\/form>/g)].find((match) => label.test(match[2]!));
  if (!form) throw new Error(`no ${label} form in ${html}`);
  return form[1]!.replaceAll('&amp;', '&');
}
