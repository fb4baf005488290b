import { openTestDatabase, type TestDatabase } from '@keisha/service-kit/testing';
import type { DatabaseKind, ServiceApp } from '@keisha/service-kit';
import { buildIdentityApp } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { identityConfigSchema } from '../src/env.ts';
import type { IdentityDatabase } from '../src/db/database.ts';

export interface TestContext {
  app: ServiceApp;
  database: TestDatabase<IdentityDatabase>;
}

export async function startIdentity(
  target: { kind: DatabaseKind; url?: string },
  env: Record<string, string> = {},
): Promise<TestContext> {
  const database = await openTestDatabase<IdentityDatabase>(target, migrations);
  const config = identityConfigSchema.parse({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', WAITLIST_RATE_LIMIT_MAX: '100000', ...env });
  // The database outlives each app in these tests; the suite closes it itself.
  const app = await buildIdentityApp(config, { ...database, close: async () => {} }, false);
  await app.ready();
  return { app, database };
}
