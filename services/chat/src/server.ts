import { defaultDataDir, runService } from '@keisha/service-kit';
import { buildChatApp } from './app.ts';
import { migrations } from './db/migrations/index.ts';
import { chatConfigSchema } from './env.ts';

await runService({
  name: 'chat',
  configSchema: chatConfigSchema,
  migrations,
  defaultDataDir: defaultDataDir(import.meta.dirname, 'chat'),
  build: (config, database) => buildChatApp(config, database),
});
