import { openTestDatabase } from '@keisha/service-kit/testing';
import type { DatabaseKind } from '@keisha/service-kit';
import { buildBillingApp } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { billingConfigSchema } from '../src/env.ts';

export async function startBilling(target: { kind: DatabaseKind; url?: string }, env: Record<string, string> = {}) {
  const database = await openTestDatabase<any>(target, migrations);
  const config = billingConfigSchema.parse({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', DEMO_REQUEST_RATE_LIMIT_MAX: '100000', ...env });
  const app = await buildBillingApp(config, { ...database, close: async () => {} }, false);
  await app.ready();
  return { app, database };
}
