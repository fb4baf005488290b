// What both container entries do as processes: read the configuration or stop with a message naming the
// variable, and stop cleanly on SIGTERM (Kubernetes) or SIGINT (a terminal).
import type { z } from 'zod';
import { ConfigError, loadConfig } from './config.ts';

/** Exit code of a bad configuration (EX_CONFIG), as the services use. */
export const EXIT_CONFIG = 78;

export function configOrExit<S extends z.ZodObject>(name: string, schema: S): z.infer<S> {
  try {
    return loadConfig(schema, process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`[${name}] ${error.message}\n`);
    process.exit(EXIT_CONFIG);
  }
}

export function log(name: string, message: string, fields: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), service: name, msg: message, ...fields })}\n`);
}

/** Runs `stop` once on the first SIGTERM or SIGINT, then exits 0 (1 if stopping failed). */
export function stopOnSignal(name: string, stop: () => Promise<void>) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(name, 'shutting down', { signal });
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(name, 'error during shutdown', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
