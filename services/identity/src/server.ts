import { defaultDataDir, runService } from '@keisha/service-kit';
import { buildIdentityApp } from './app.ts';
import { migrations } from './db/migrations/index.ts';
import { identityConfigSchema } from './env.ts';

await runService({
  name: 'identity',
  configSchema: identityConfigSchema,
  migrations,
  defaultDataDir: defaultDataDir(import.meta.dirname, 'identity'),
  build: (config, database) => buildIdentityApp(config, database),
});
