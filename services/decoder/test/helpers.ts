import { openTestDatabase } from '@keisha/service-kit/testing';
import type { DatabaseKind } from '@keisha/service-kit';
import { buildDecoderApp } from '../src/app.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { decoderConfigSchema } from '../src/env.ts';
import { embeddedEngine } from '../src/plugins/embedded-engine.ts';
import type { AnalysisEngine } from '../src/plugins/analysis-engine.ts';

export async function startDecoder(
  target: { kind: DatabaseKind; url?: string },
  env: Record<string, string> = {},
  engine: AnalysisEngine = embeddedEngine,
) {
  const database = await openTestDatabase<any>(target, migrations);
  // No billing service runs in most of these tests: readers are free unless DEFAULT_ACCOUNT_TIER says
  // otherwise, and 'billing' asks the real billing service at BILLING_URL (the billing-tiers tests).
  const { DEFAULT_ACCOUNT_TIER = 'free', ...rest } = env;
  const config = decoderConfigSchema.parse({
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    ANALYSIS_RATE_LIMIT_MAX: '100000',
    TRACK_RATE_LIMIT_MAX: '100000',
    ...rest,
    ...(DEFAULT_ACCOUNT_TIER === 'billing' ? {} : { DEFAULT_ACCOUNT_TIER }),
  });
  const app = await buildDecoderApp(config, { ...database, close: async () => {} }, { engine, logger: false });
  await app.ready();
  return { app, database };
}
