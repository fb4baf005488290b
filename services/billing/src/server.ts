import { defaultDataDir, runService } from '@keisha/service-kit';
import { buildBillingApp } from './app.ts';
import { migrations } from './db/migrations/index.ts';
import { billingConfigSchema } from './env.ts';

await runService({
  name: 'billing',
  configSchema: billingConfigSchema,
  migrations,
  defaultDataDir: defaultDataDir(import.meta.dirname, 'billing'),
  build: (config, database) => buildBillingApp(config, database),
});
