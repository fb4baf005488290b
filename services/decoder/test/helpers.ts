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
  const config = decoderConfigSchema.parse({
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    ANALYSIS_RATE_LIMIT_MAX: '100000',
    TRACK_RATE_LIMIT_MAX: '100000',
    // No billing service runs in these tests; the billing-tiers test below asks a real one.
    DEFAULT_ACCOUNT_TIER: 'free',
    ...env,
  });
  const app = await buildDecoderApp(config, { ...database, close: async () => {} }, { engine, logger: false });
  await app.ready();
  return { app, database };
}
