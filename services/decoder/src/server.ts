import { defaultDataDir, runService } from '@keisha/service-kit';
import { buildDecoderApp } from './app.ts';
import { migrations } from './db/migrations/index.ts';
import { decoderConfigSchema } from './env.ts';
import { embeddedEngine } from './plugins/embedded-engine.ts';

await runService({
  name: 'decoder',
  configSchema: decoderConfigSchema,
  migrations,
  defaultDataDir: defaultDataDir(import.meta.dirname, 'decoder'),
  build: (config, database) => buildDecoderApp(config, database, { engine: embeddedEngine }),
});
