import { defaultDataDir, runService } from '@keisha/service-kit';
import { buildDecoderApp } from './app.ts';
import { migrations } from './db/migrations/index.ts';
import { decoderConfigSchema } from './env.ts';
import { threadedEmbeddedEngine } from './plugins/analysis-thread.ts';

await runService({
  name: 'decoder',
  configSchema: decoderConfigSchema,
  migrations,
  defaultDataDir: defaultDataDir(import.meta.dirname, 'decoder'),
  build: (config, database) => {
    const { engine, close } = threadedEmbeddedEngine({
      fromChars: config.ANALYSIS_THREAD_FROM_CHARS,
      threads: config.ANALYSIS_THREADS,
      perAccount: config.ANALYSIS_THREADS_PER_ACCOUNT,
    });
    return buildDecoderApp(config, database, { engine, closeEngine: close });
  },
});
