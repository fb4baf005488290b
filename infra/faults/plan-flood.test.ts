// A paying reader is never counted as free (issue 26, item 1): the decoder and the chat ask billing for the
// plans of all their readers from one address each. A flood of free readers at 10x the traffic that once
// made billing refuse those questions (about 600 a minute), from many addresses, must not change what a
// monthly decoder reader, a Pro chat reader and an annual API key get. Real processes over HTTP: identity,
// billing (with its default per-address limit of 600 a minute), decoder and chat, each on its own PGlite.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buySandboxChatPlan,
  buySandboxDecoderPlan,
  startBillingProcess,
  startIdentityProcess,
  startServiceProcess,
  type IdentityProcess,
  type ServiceProcess,
} from '@keisha/service-kit/testing';

const INTERNAL_API_TOKEN = randomBytes(32).toString('base64url');
const FLOOD_PER_MINUTE = 6000;
const FLOOD_SECONDS = Number(process.env.PLAN_FLOOD_SECONDS ?? 12);
const FREE_READERS = 60;
const ADDRESSES = 60;
const ARTICLE = 'The council approved the budget on Tuesday after a long debate about the new library and the bus routes.';

describe('plans under a flood of free readers', () => {
  let identity: IdentityProcess;
  let billing: ServiceProcess;
  let decoder: ServiceProcess;
  let chat: ServiceProcess;

  beforeAll(async () => {
    identity = await startIdentityProcess({ INTERNAL_API_TOKEN });
    // Billing keeps its own default limit (600 a minute per address): the limit that once refused the services.
    billing = await startBillingProcess(identity.url, { INTERNAL_API_TOKEN });
    const common = { IDENTITY_URL: identity.url, BILLING_URL: billing.url, INTERNAL_API_TOKEN };
    // The annual key is checked ten times a second through the flood (about 120 in its minute, the key's default
    // limit) and once more after it: its per-minute limit is raised so that what is measured is the plan, not that.
    [decoder, chat] = await Promise.all([startServiceProcess('decoder', { ...common, API_KEY_RATE_LIMIT_MAX: '1000' }), startServiceProcess('chat', common)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([decoder?.stop(), chat?.stop()]);
    await billing?.stop();
    await identity?.stop();
  });

  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  const buyDecoderPlan = (token: string, tier: 'monthly' | 'annual') => buySandboxDecoderPlan(billing.url, token, tier);
  const buyChatPlan = (token: string, email: string, tier: 'Pro') => buySandboxChatPlan(billing.url, token, email, tier);

  let monthly = '';
  let pro = '';
  let secret = '';

  it(`keeps a monthly, a Pro and an annual-key reader on their plans while free readers send ${FLOOD_PER_MINUTE} requests a minute`, async () => {
    monthly = await identity.tokenFor('user');
    await buyDecoderPlan(monthly, 'monthly');
    const proEmail = `pro-${Date.now()}@example.org`;
    pro = await identity.tokenFor('user', proEmail);
    await buyChatPlan(pro, proEmail, 'Pro');
    const annual = await identity.tokenFor('user');
    await buyDecoderPlan(annual, 'annual');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the 1 s for which a plan answer is reused
    const keyCreated = await fetch(`${decoder.url}/api/decoder/api-keys`, { method: 'POST', headers: json(annual), body: JSON.stringify({ name: 'Newsroom' }) });
    expect(keyCreated.status).toBe(201);
    secret = ((await keyCreated.json()) as { secret: string }).secret;
    const free = await Promise.all(Array.from({ length: FREE_READERS }, () => identity.tokenFor('user')));

    // Each free request comes from one of many addresses (the edge's X-Forwarded-For, trusted from loopback),
    // so no address passes a service's own limit: only billing's questions pile up on one address each.
    let sent = 0;
    const freeStatuses = new Map<number, number>();
    const flood = async () => {
      const interval = 60_000 / FLOOD_PER_MINUTE;
      const started = Date.now();
      const pending: Array<Promise<void>> = [];
      while (Date.now() - started < FLOOD_SECONDS * 1000) {
        const i = sent++;
        const token = free[i % FREE_READERS]!;
        const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': `127.1.${Math.floor((i % ADDRESSES) / 250)}.${(i % ADDRESSES) % 250}` };
        const url = i % 2 === 0 ? `${decoder.url}/api/bias-usage/current` : `${chat.url}/api/chat/usage`;
        pending.push(
          fetch(url, { headers }).then(
            async (response) => {
              await response.arrayBuffer();
              freeStatuses.set(response.status, (freeStatuses.get(response.status) ?? 0) + 1);
            },
            () => void freeStatuses.set(0, (freeStatuses.get(0) ?? 0) + 1),
          ),
        );
        const due = started + sent * interval;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      }
      await Promise.all(pending);
    };

    // Meanwhile the paying readers, each ten times a second, asking what their plan gives them.
    const downgrades: string[] = [];
    let checks = 0;
    let flooding = true;
    const every100ms = async (check: () => Promise<string | undefined>) => {
      while (flooding) {
        const next = Date.now() + 100;
        checks++;
        const problem = await check();
        if (problem) downgrades.push(problem);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
    };
    const watching = Promise.all([
      every100ms(async () => {
        const response = await fetch(`${decoder.url}/api/bias-usage/current`, { headers: json(monthly) });
        const tier = response.ok ? ((await response.json()) as { usage: { subscription_tier: string } }).usage.subscription_tier : `HTTP ${response.status}`;
        return tier === 'monthly' ? undefined : `monthly reader: ${tier}`;
      }),
      every100ms(async () => {
        const response = await fetch(`${chat.url}/api/chat/usage`, { headers: json(pro) });
        const plan = response.ok ? ((await response.json()) as { usage: { plan: string } }).usage.plan : `HTTP ${response.status}`;
        return plan === 'Pro' ? undefined : `Pro reader: ${plan}`;
      }),
      every100ms(async () => {
        const response = await fetch(`${decoder.url}/api/v1/analyses`, { method: 'POST', headers: json(secret), body: JSON.stringify({ text: ARTICLE }) });
        const body = await response.text();
        return response.status === 200 ? undefined : `annual key: HTTP ${response.status} ${body.slice(0, 120)}`;
      }),
    ]);
    await flood();
    flooding = false;
    await watching;

    const metrics = await (await fetch(`${decoder.url}/metrics`)).text();
    const failures = metrics.split('\n').filter((line) => line.startsWith('plan_lookup_failures_total'));
    console.log(
      `plan flood: ${sent} free requests in ${FLOOD_SECONDS} s (${FLOOD_PER_MINUTE}/min) from ${ADDRESSES} addresses; statuses ${JSON.stringify(Object.fromEntries(freeStatuses))}; ` +
        `${checks} rounds of paying checks, ${downgrades.length} downgrades${downgrades.length ? ` (${downgrades.slice(0, 5).join('; ')})` : ''}; decoder plan lookup failures: ${failures.join(', ') || 'none'}`,
    );
    expect(downgrades).toEqual([]);
    expect(freeStatuses.get(200)).toBe(sent); // the free readers were served too, none refused
  }, 120_000);

  it('keeps them on their plans when billing stops, and answers a reader it knows nothing of 503 with Retry-After, never the paywall', async () => {
    expect(monthly).not.toBe(''); // the readers of the flood above
    const stranger = await identity.tokenFor('user');
    await billing.stop();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the 1 s for which a plan answer is reused
    const decoderUsage = await fetch(`${decoder.url}/api/bias-usage/current`, { headers: json(monthly) });
    expect(((await decoderUsage.json()) as { usage: { subscription_tier: string } }).usage.subscription_tier).toBe('monthly');
    const chatUsage = await fetch(`${chat.url}/api/chat/usage`, { headers: json(pro) });
    expect(((await chatUsage.json()) as { usage: { plan: string } }).usage.plan).toBe('Pro');
    const keyed = await fetch(`${decoder.url}/api/v1/analyses`, { method: 'POST', headers: json(secret), body: JSON.stringify({ text: ARTICLE }) });
    expect(keyed.status).toBe(200);
    for (const url of [`${decoder.url}/api/bias-usage/current`, `${chat.url}/api/chat/usage`]) {
      const unknown = await fetch(url, { headers: json(stranger) });
      expect(unknown.status).toBe(503);
      expect(unknown.headers.get('retry-after')).toBe('5');
      expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('PLAN_UNAVAILABLE');
    }
    const analysis = await fetch(`${decoder.url}/api/bias-analysis`, { method: 'POST', headers: json(stranger), body: JSON.stringify({ text: ARTICLE }) });
    expect(analysis.status).toBe(503);
    const metrics = await (await fetch(`${decoder.url}/metrics`)).text();
    expect(metrics).toMatch(/plan_lookup_failures_total\{[^}]*outcome="stale"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/plan_lookup_failures_total\{[^}]*outcome="unavailable"[^}]*\} [1-9]/);
  }, 30_000);
});
