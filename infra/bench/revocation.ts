// `npm run bench:revocation`: how long a revoked session keeps working on each service. identity,
// billing, decoder and chat run as real processes on loopback (embedded databases); for each way a
// session ends, a fresh session is ended and every service is asked every 20 ms until it refuses.
import { ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { startBillingProcess, startIdentityProcess, startServiceProcess, type IdentityProcess, type TestSession } from '@keisha/service-kit/testing';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GIVE_UP_MS = 20_000;
const someone = '00000000-0000-4000-8000-000000000000';

const identity = await startIdentityProcess();
// The probes come from one address, many times a second: lift the per-address limits.
const unlimited = { RATE_LIMIT_MAX: '1000000' };
const billing = await startBillingProcess(identity.url, unlimited);
const decoder = await startServiceProcess('decoder', { ...unlimited, IDENTITY_URL: identity.url, BILLING_URL: billing.url });
const chat = await startServiceProcess('chat', { ...unlimited, IDENTITY_URL: identity.url, BILLING_URL: billing.url });

type Probe = (token: string) => Promise<number>;
const get = (url: string): Probe => async (token) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status;
const services: Record<string, { user: Probe; admin: Probe }> = {
  decoder: { user: get(`${decoder.url}/api/bias-usage/current`), admin: get(`${decoder.url}/api/decoder/admin/usage?user_ids=${someone}`) },
  chat: { user: get(`${chat.url}/api/chat/usage`), admin: get(`${chat.url}/api/chat/admin/usage?user_ids=${someone}`) },
  billing: { user: get(`${billing.url}${ENTITLEMENT_PATHS.me}`), admin: get(`${billing.url}${ENTITLEMENT_PATHS.admin}?user_ids=${someone}`) },
};

async function msUntilRefused(probe: Probe, token: string, since: number): Promise<number> {
  for (;;) {
    const status = await probe(token);
    if (status === 401 || status === 403) return Date.now() - since;
    if (Date.now() - since > GIVE_UP_MS) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Scenario {
  name: string;
  route: 'user' | 'admin';
  /** Makes a session that works, ends it, and returns the token that should now be refused. */
  run(identity: IdentityProcess): Promise<{ token: string; endedAt: number }>;
}

const warm = async (session: TestSession, route: 'user' | 'admin') => {
  for (const service of Object.values(services)) {
    const status = await service[route](session.token);
    if (status !== 200) throw new Error(`a fresh session was refused (${status})`);
  }
};

const scenarios: Scenario[] = [
  { name: 'sign out (this device)', route: 'user', run: async (id) => { const s = await id.signIn('user'); await warm(s, 'user'); await id.logout(s); return { token: s.token, endedAt: Date.now() }; } },
  { name: 'sign out everywhere', route: 'user', run: async (id) => { const s = await id.signIn('user'); const other = await id.signIn('user', s.email); await warm(other, 'user'); await id.logoutAll(s); return { token: other.token, endedAt: Date.now() }; } },
  {
    name: 'refresh token replayed',
    route: 'user',
    run: async (id) => {
      const s = await id.signIn('user');
      const rotated = (await id.refresh(s)).session!;
      await warm(rotated, 'user');
      await id.refresh(s);
      return { token: rotated.token, endedAt: Date.now() };
    },
  },
  { name: 'account disabled', route: 'user', run: async (id) => { const s = await id.signIn('user'); await warm(s, 'user'); await id.updateUser(s.userId, { disabled: true }); return { token: s.token, endedAt: Date.now() }; } },
  {
    name: 'admin demoted',
    route: 'admin',
    run: async (id) => {
      const s = await id.signIn('user');
      await id.updateUser(s.userId, { role: 'admin' });
      const asAdmin = await id.signIn('admin', s.email);
      await warm(asAdmin, 'admin');
      await id.updateUser(s.userId, { role: 'user' });
      return { token: asAdmin.token, endedAt: Date.now() };
    },
  },
];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
try {
  console.log(`Revocation: ms from the end of a session until each service refuses it (${RUNS} runs each; probed every 20 ms)\n`);
  console.log(`${'how the session ended'.padEnd(26)} ${Object.keys(services).map((s) => `${s} median/max`.padStart(22)).join('')}`);
  for (const scenario of scenarios) {
    const results: Record<string, number[]> = Object.fromEntries(Object.keys(services).map((name) => [name, []]));
    for (let i = 0; i < RUNS; i++) {
      const { token, endedAt } = await scenario.run(identity);
      await Promise.all(Object.entries(services).map(async ([name, probes]) => results[name]!.push(await msUntilRefused(probes[scenario.route], token, endedAt))));
    }
    const cells = Object.values(results).map((ms) => `${percentile(ms, 50)} / ${Math.max(...ms)}`.padStart(22));
    console.log(`${scenario.name.padEnd(26)} ${cells.join('')}`);
  }
} finally {
  await Promise.all([chat.stop(), decoder.stop(), billing.stop()]);
  await identity.stop();
}
