// What the API-key tests (api-keys-*.test.ts) share: API keys end to end over real HTTP, identity and billing as
// processes, the decoder listening on a port, keys created on the account routes and used on the public v1 API.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import {
  buySandboxDecoderPlan,
  databaseTargets,
  dropSchemas,
  refundSubscription,
  startBillingProcess,
  startIdentityProcess,
  subjectOf,
  type IdentityProcess,
  type ServiceProcess,
} from '@keisha/service-kit/testing';
import { startDecoder } from './helpers.ts';
import type { AnalysisEngine } from '../src/plugins/analysis-engine.ts';

export const targets = await databaseTargets();
export const ARTICLE = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood.';
export const INTERNAL_API_TOKEN = randomBytes(32).toString('base64url');
// Identity, started as a process below, inherits it from this environment; billing is given it.
process.env.INTERNAL_API_TOKEN = INTERNAL_API_TOKEN;

/** fetch, with bodies read as the loosely typed JSON these tests inspect. */
export type ApiResponse = Omit<Response, 'json'> & { json(): Promise<any> };
export const fetch = (input: string, init?: RequestInit): Promise<ApiResponse> => globalThis.fetch(input, init) as Promise<ApiResponse>;
// Identity and billing keep their data on PostgreSQL when one answers: they start in seconds there, in up to a minute on
// a loaded machine's PGlite.
const postgres = targets.find((t) => t.kind === 'postgres');
/** Identity's and billing's schemas for one test file (named by `file`) on one kind of database. */
const serviceSchemas = (file: string, kind: string) => [`identity_${file}_${kind}_${process.pid}`, `billing_${file}_${kind}_${process.pid}`];
const onPostgres = (schema: string): Record<string, string> => (postgres?.url ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: schema } : {});

export type Decoder = Awaited<ReturnType<typeof startDecoder>> & { url: string };

/** The processes a test file's describe block runs on, once started. */
export interface KeyServices {
  identity: IdentityProcess;
  billing: ServiceProcess;
}

/**
 * For the describe block that calls it (one test file, `file`, on one target): identity and billing started as
 * processes before its tests and handed to `use`, the decoders its tests start, all stopped after them; and the
 * requests the tests make.
 */
export function apiKeyServices(file: string, target: (typeof targets)[number], use: (services: KeyServices) => void) {
  let identity: IdentityProcess;
  let billing: ServiceProcess;
  const decoders: Decoder[] = [];

  async function decoder(env: Record<string, string> = {}, engine?: AnalysisEngine): Promise<Decoder> {
    const ctx = await startDecoder(target, { IDENTITY_URL: identity.url, BILLING_URL: billing.url, DEFAULT_ACCOUNT_TIER: 'billing', INTERNAL_API_TOKEN, ...env }, engine);
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const started = { ...ctx, url };
    decoders.push(started);
    return started;
  }

  beforeAll(async () => {
    const [identitySchema, billingSchema] = serviceSchemas(file, target.kind);
    identity = await startIdentityProcess(onPostgres(identitySchema!));
    billing = await startBillingProcess(identity.url, { INTERNAL_API_TOKEN, ...onPostgres(billingSchema!) });
    use({ identity, billing });
  }, 180_000);
  afterAll(async () => {
    for (const ctx of decoders) {
      await ctx.app.close();
      await ctx.database.destroy();
    }
    await billing?.stop();
    await identity?.stop();
    await dropSchemas(postgres?.url, serviceSchemas(file, target.kind));
  });

  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  async function buyPlan(token: string, tier: 'monthly' | 'annual'): Promise<string> {
    const subscriptionId = await buySandboxDecoderPlan(billing.url, token, tier);
    // A free answer is not reused: the plan bought counts on the next request.
    return subscriptionId;
  }

  async function refund(subscriptionId: string): Promise<void> {
    await refundSubscription(billing.url, await identity.tokenFor('admin'), subscriptionId);
  }

  const createKey = (ctx: Decoder, token: string, name: string) =>
    fetch(`${ctx.url}/api/decoder/api-keys`, { method: 'POST', headers: json(token), body: JSON.stringify({ name }) });
  const listKeys = async (ctx: Decoder, token: string) => (await fetch(`${ctx.url}/api/decoder/api-keys`, { headers: { authorization: `Bearer ${token}` } })).json();
  const analyse = (ctx: Decoder, key: string, body: unknown) =>
    fetch(`${ctx.url}/api/v1/analyses`, { method: 'POST', headers: json(key), body: typeof body === 'string' ? body : JSON.stringify(body) });
  const batch = (ctx: Decoder, key: string, body: unknown) =>
    fetch(`${ctx.url}/api/v1/analyses:batch`, { method: 'POST', headers: json(key), body: typeof body === 'string' ? body : JSON.stringify(body) });

  /** A new administrator's token (the tests' decoders share one database on PGlite: its keys and days are its own). */
  async function freshAdmin(): Promise<string> {
    const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    const token = await identity.tokenFor('user', email);
    await identity.updateUser(subjectOf(token), { role: 'admin' });
    return (await identity.signIn('user', email)).token;
  }

  return { decoder, json, buyPlan, refund, createKey, listKeys, analyse, batch, freshAdmin };
}
