import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { appForSuite, openTestDatabase, type TestDatabase } from '@keisha/service-kit/testing';
import type { DatabaseKind, ServiceApp } from '@keisha/service-kit';
import { buildIdentityApp } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { identityConfigSchema } from '../src/env.ts';
import type { IdentityDatabase } from '../src/db/database.ts';

export interface TestContext {
  app: ServiceApp;
  database: TestDatabase<IdentityDatabase>;
}

export const ADMIN = { email: 'admin@example.org', password: 'admin-lantern-quartz-91' };

export async function startIdentity(
  target: { kind: DatabaseKind; url?: string },
  env: Record<string, string> = {},
): Promise<TestContext> {
  const database = await openTestDatabase<IdentityDatabase>(target, migrations);
  return { app: await identityAppOn(database, env), database };
}

/** An identity app (this configuration) over an already open test database, which outlives it: the suite closes it. */
export async function identityAppOn(database: TestDatabase<IdentityDatabase>, env: Record<string, string> = {}): Promise<ServiceApp> {
  const config = identityConfigSchema.parse({
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    WAITLIST_RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_MAX: '100000',
    REGISTER_DAILY_LIMIT_PER_ADDRESS: '100000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Never the repository's .data/mail; a test that gives DATA_DIR gets the mail folder beside it, as in production.
    ...(env.DATA_DIR ? {} : { MAIL_DIR: path.join(os.tmpdir(), 'keisha-identity-test-mail') }),
    NEWSLETTER_ENABLED: 'false', // the daily newsletter's timer only where a test asks for it (newsletter.test.ts)
    RECEIPTS_ENABLED: 'false', // the receipts' timer only where a test asks for it (receipts.test.ts)
    ERASURE_ENABLED: 'false', // the account erasures' timer only where a test asks for it (account-erasure.test.ts)
    MAIL_RETENTION_ENABLED: 'false', // the outbox's retention pass only where a test runs it (mail-retention.test.ts)
    HOUSEKEEPING_ENABLED: 'false', // the deletion of ended rows only where a test runs it (housekeeping.test.ts)
    ...env,
  });
  const app = await buildIdentityApp(config, { ...database, close: async () => {} }, false, () => {});
  await app.ready();
  return app;
}

/**
 * For a describe block whose tests each start their own apps on one database, as replicas or a restarted service
 * would be: the database is opened before the first test and destroyed after the last, and holds only the first
 * administrator when each test begins; `start` builds an app on it (identityAppOn), and every app a test started
 * and did not `stop` is closed after the test.
 */
export function identityAppsForSuite(target: { kind: DatabaseKind; url?: string }) {
  const opened: TestContext[] = [];
  const suite = {
    database: undefined as unknown as TestDatabase<IdentityDatabase>,
    async start(env: Record<string, string> = {}): Promise<TestContext> {
      const ctx = { app: await identityAppOn(suite.database, env), database: suite.database };
      opened.push(ctx);
      return ctx;
    },
    async stop(ctx: TestContext): Promise<void> {
      opened.splice(opened.indexOf(ctx), 1);
      await ctx.app.close();
    },
  };
  beforeAll(async () => {
    suite.database = await openTestDatabase<IdentityDatabase>(target, migrations);
  });
  beforeEach(async () => {
    await suite.database.truncateAll();
    await restoreAdmin(suite);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((ctx) => ctx.app.close()));
  });
  afterAll(async () => {
    await suite.database?.destroy();
  });
  return suite;
}

export interface Signed {
  token: string;
  cookie: string;
  user: { id: string; email: string; role: string };
}

/** Registers (or signs in) over HTTP and returns the access token and refresh cookie. */
export async function signUp(app: ServiceApp, email: string, password = 'correct-horse-battery-staple-42'): Promise<Signed> {
  const response = await app.inject({ method: 'POST', url: '/api/bias-auth/register', payload: { email, password } });
  if (response.statusCode !== 201) throw new Error(`register ${email}: ${response.statusCode} ${response.body}`);
  return fromGrant(response);
}

export async function signIn(app: ServiceApp, email: string, password: string, url = '/api/bias-auth/login'): Promise<Signed> {
  const response = await app.inject({ method: 'POST', url, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  return fromGrant(response);
}

export function fromGrant(response: { json(): any; cookies: Array<{ name: string; value: string }> }): Signed {
  const body = response.json();
  const cookie = response.cookies.find((c) => c.name === 'keisha_refresh')?.value;
  if (!cookie) throw new Error('no refresh cookie');
  return { token: body.token, cookie, user: body.user };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Puts the first administrator back after a test emptied the tables. */
export async function restoreAdmin(ctx: Pick<TestContext, 'database'>): Promise<void> {
  const { usersRepository } = await import('../src/db/repositories/users.ts');
  const { hashPassword } = await import('../src/domain/passwords.ts');
  await usersRepository(ctx.database.db).create(ADMIN.email, await hashPassword(ADMIN.password), 'admin');
}

/** Identity on `target` for one describe block (service kit's appForSuite): built before its first test, closed with its database after the last. */
export function identityForSuite(target: { kind: DatabaseKind; url?: string }, env: Record<string, string> = {}): TestContext {
  return appForSuite(() => startIdentity(target, env));
}
