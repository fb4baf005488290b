import { defaultDataDir, runService } from '@keisha/service-kit';
import { buildDecoderApp } from './app.ts';
import { migrations } from './db/migrations/index.ts';
import { decoderConfigSchema } from './env.ts';
import { threadedEmbeddedEngine } from './plugins/analysis-thread.ts';
import { preloadGrammar } from './domain/analyzer/index.ts';

await runService({
  name: 'decoder',
  configSchema: decoderConfigSchema,
  migrations,
  defaultDataDir: defaultDataDir(import.meta.dirname, 'decoder'),
  build: (config, database) => {
    // The translation's tagger (compromise) takes about a second to load: paid here, before the service says it
    // is ready, rather than by the first reader whose article holds a coded term.
    preloadGrammar();
    const { engine, close } = threadedEmbeddedEngine({
      fromChars: config.ANALYSIS_THREAD_FROM_CHARS,
      threads: config.ANALYSIS_THREADS,
      perAccount: config.ANALYSIS_THREADS_PER_ACCOUNT,
      heapMb: config.ANALYSIS_THREAD_HEAP_MB,
    });
    return buildDecoderApp(config, database, { engine, closeEngine: close });
  },
});
