// Two replicas of a real service (identity, built by its own app factory, serving real HTTP on two ports, on one
// database: PGlite, and PostgreSQL when one answers) behind which one client address sends its requests in
// turn, as a load balancer spreads them. With REDIS_URL (a real Redis: see @keisha/service-kit/testing's
// testRedis) each documented per-address limit is exact across both; without it, each replica counts alone
// and together they let twice the limit through, which is why production sets REDIS_URL.
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_PATH } from '@keisha/contracts/identity';
import type { z } from 'zod';
import type { DatabaseHandle, MigrationSet, ServiceApp } from '@keisha/service-kit';
import { databaseTargets, openTestDatabase, testRedis, type TestDatabase, type TestRedis } from '@keisha/service-kit/testing';
import { REPO_ROOT } from '../local/topology.ts';

// identity's own modules, loaded by path as the manifests test does: this package type-checks its own code, and
// identity's sources are checked by identity (with its own declarations).
const identity = (file: string) => import(path.join(REPO_ROOT, 'services', 'identity', 'src', file));
const { buildIdentityApp } = (await identity('app.ts')) as {
  buildIdentityApp(config: unknown, database: DatabaseHandle<any>, logger: false, announce: (text: string) => void): Promise<ServiceApp>;
};
const { migrations } = (await identity('db/migrations/index.ts')) as { migrations: MigrationSet };
const { identityConfigSchema } = (await identity('env.ts')) as { identityConfigSchema: z.ZodObject<Record<'WAITLIST_RATE_LIMIT_MAX' | 'LOGIN_RATE_LIMIT_MAX', z.ZodType<number>>> };

/** identity's documented defaults (README, services/identity/src/env.ts): 20 a minute per client address each. */
const WAITLIST_LIMIT = identityConfigSchema.shape.WAITLIST_RATE_LIMIT_MAX.parse(undefined);
const LOGIN_LIMIT = identityConfigSchema.shape.LOGIN_RATE_LIMIT_MAX.parse(undefined);

const databases = await databaseTargets();
const redis = await testRedis();
const stores: Array<{ store: 'memory' } | { store: 'redis'; redis: TestRedis }> = [{ store: 'memory' }, ...(redis ? [{ store: 'redis' as const, redis }] : [])];
const cases = databases.flatMap((database) => stores.map((store) => ({ ...store, database, name: `${store.store} on ${database.kind}` })));

afterAll(async () => {
  await redis?.stop();
});

interface Replica {
  app: ServiceApp;
  url: string;
}

describe.each(cases)('two identity replicas, limits in $name', (testCase) => {
  let database: TestDatabase<unknown>;
  let replicas: Replica[];
  // A fresh address per test: the counts of one test never reach the next.
  let addressCounter = 0;
  const nextAddress = () => `203.0.113.${++addressCounter}`;

  beforeAll(async () => {
    database = await openTestDatabase(testCase.database, migrations);
    const env: Record<string, string> = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      // The defaults for the limits under test; nothing else may refuse these requests.
      REGISTER_DAILY_LIMIT_PER_ADDRESS: '100000',
      RATE_LIMIT_MAX: '100000',
      ADMIN_EMAIL: 'replicas-admin@example.org',
      ADMIN_PASSWORD: 'replicas-lantern-quartz-91',
      MAIL_DIR: path.join(os.tmpdir(), 'keisha-replicas-test-mail'),
      ...(testCase.store === 'redis' ? { REDIS_URL: testCase.redis.url, REDIS_KEY_PREFIX: testCase.redis.keyPrefix() } : {}),
    };
    replicas = [];
    for (let i = 0; i < 2; i++) {
      // Both replicas on the one database, which outlives them (closed by the suite).
      const app = await buildIdentityApp(identityConfigSchema.parse(env), { ...database, close: async () => {} }, false, () => {});
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      replicas.push({ app, url });
    }
  }, 120_000);
  afterAll(async () => {
    for (const { app } of replicas ?? []) await app.close();
    await database?.destroy();
  });

  /** A POST from `address` (the edge's X-Forwarded-For, which the services believe from loopback) to one replica. */
  const post = (replica: Replica, route: string, body: unknown, address: string) =>
    fetch(`${replica.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });

  /** Whether the service-wide limiter refused it (identity's own sign-in throttle answers 429 with other words). */
  const limited = async (response: Response) => {
    const body = (await response.json()) as { error?: { message?: string } };
    return response.status === 429 && /^Too many requests\. Please wait \d+ seconds/.test(body.error?.message ?? '');
  };

  const expected = (limit: number) => (testCase.store === 'redis' ? limit : 2 * limit);
  /** What the title promises: the limit across both replicas, or each replica's own without Redis. */
  const through = (limit: number) => (testCase.store === 'redis' ? `exactly ${limit}` : `${limit} per replica (${2 * limit})`);

  it(`lets ${through(WAITLIST_LIMIT)} of ${2 * WAITLIST_LIMIT} waitlist joins of one address through, sent in turn to the two replicas`, async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * WAITLIST_LIMIT; i++) {
      statuses.push((await post(replicas[i % 2]!, WAITLIST_PATH, { email: `turn-${i}-${address}@example.org` }, address)).status);
    }
    const joined = statuses.filter((s) => s === 201).length;
    expect(joined).toBe(expected(WAITLIST_LIMIT));
    expect(statuses.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
    if (testCase.store === 'redis') {
      // The first 20 in, then every later one refused, whichever replica it reached.
      expect(statuses).toEqual([...Array(WAITLIST_LIMIT).fill(201), ...Array(WAITLIST_LIMIT).fill(429)]);
      // Another address still joins on either replica.
      expect((await post(replicas[1]!, WAITLIST_PATH, { email: 'someone-else@example.org' }, nextAddress())).status).toBe(201);
    }
  });

  it(`lets ${through(WAITLIST_LIMIT)} of ${2 * WAITLIST_LIMIT} joins of one address through when they all arrive at once, half on each replica`, async () => {
    const address = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 2 * WAITLIST_LIMIT }, (_, i) => post(replicas[i % 2]!, WAITLIST_PATH, { email: `burst-${i}-${address}@example.org` }, address)),
    );
    expect(responses.filter((r) => r.status === 201).length).toBe(expected(WAITLIST_LIMIT));
    // Exactly as many joined as were let through: the limit is decided before the write.
    const stored = await (database.db as any).selectFrom('waitlist').select('email').where('email', 'like', `burst-%-${address}@example.org`).execute();
    expect(stored).toHaveLength(expected(WAITLIST_LIMIT));
  });

  it(`answers ${through(LOGIN_LIMIT)} of ${2 * LOGIN_LIMIT} sign-in attempts of one address, sent in turn to the two replicas, and refuses the rest`, async () => {
    const address = nextAddress();
    let answered = 0;
    let refused = 0;
    for (let i = 0; i < 2 * LOGIN_LIMIT; i++) {
      // A different unknown account each time: identity's own throttle (per account, in the database) stays out of it.
      const response = await post(replicas[i % 2]!, '/api/bias-auth/login', { email: `guess-${i}@example.org`, password: 'not-the-password-at-all' }, address);
      if (await limited(response)) refused++;
      else {
        expect(response.status).toBe(401);
        answered++;
      }
    }
    expect(answered).toBe(expected(LOGIN_LIMIT));
    expect(refused).toBe(2 * LOGIN_LIMIT - expected(LOGIN_LIMIT));
    // Each answered attempt checks a password hash: about 15 s for 40 on a busy 2-core machine.
  }, 120_000);
});
