import type { z } from 'zod';
import { ConfigError, loadConfig, type BaseConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { migrateToLatest, type MigrationSet } from './migrate.ts';
import { createServiceApp, type ServiceApp } from './app.ts';

export interface RunOptions<S extends z.ZodObject> {
  name: string;
  configSchema: S;
  migrations: MigrationSet;
  /** Where PGlite keeps its files when neither DATABASE_URL nor DATA_DIR is set. */
  defaultDataDir: string;
  build: (config: z.infer<S>, database: Awaited<ReturnType<typeof openDatabase>>) => Promise<ServiceApp>;
}

/**
 * Starts a service as a process: config, database, migrations, listen, and a graceful close on
 * SIGINT/SIGTERM. A bad configuration stops the process with a message naming the variable.
 */
export async function runService<S extends z.ZodObject>(options: RunOptions<S>): Promise<void> {
  let config: z.infer<S> & BaseConfig;
  try {
    config = loadConfig(options.configSchema, process.env) as z.infer<S> & BaseConfig;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`[${options.name}] ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let log: ServiceApp['log'] | undefined;
  const database = await openDatabase({
    onConnectionLost: (error) => log?.warn({ err: error }, 'the database ended a pooled connection; a new one is opened when needed'),
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA ?? (config.DATABASE_URL ? options.name : undefined),
    dataDir: config.DATA_DIR ?? options.defaultDataDir,
    poolMin: config.DATABASE_POOL_MIN,
  });
  await migrateToLatest(database.db, options.migrations, database.schema);
  const app = await options.build(config, database);
  log = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}
