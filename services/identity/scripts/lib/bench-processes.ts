// The services a benchmark script runs as processes on loopback: each in a schema of its own on one PostgreSQL, with
// its own data folder, the same internal token, and errors only on the console. start() waits until the service is
// ready; stop() ends it and removes its folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@keisha/service-kit/testing';

export interface BenchProcess {
  name: string;
  url: string;
  child: ChildProcess;
  dataDir: string;
}

export interface BenchSetting {
  /** The PostgreSQL every service writes to, in the schema `<name>_<tag>`. */
  databaseUrl: string;
  tag: string;
  internalToken: string;
  /** Extra for every process (NODE_OPTIONS to cap a heap). */
  env?: Record<string, string>;
}

/** The services' entry points, beside this folder's service. */
export const SERVICES = path.resolve(import.meta.dirname, '..', '..', '..');

export function benchProcesses(setting: BenchSetting) {
  return {
    /** Starts `server` as the service `name` and waits (90 s at most) until /health/ready answers. */
    async start(name: string, server: string, env: Record<string, string>, port?: number): Promise<BenchProcess> {
      port ??= await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${setting.tag}-${name}-`));
      const child = spawn(process.execPath, [server], {
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          INTERNAL_API_TOKEN: setting.internalToken,
          DATABASE_URL: setting.databaseUrl,
          DATABASE_SCHEMA: `${name}_${setting.tag}`,
          ...setting.env,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
        if (Date.now() > deadline) throw new Error(`${name} did not start within 90 s`);
        try {
          if ((await fetch(`${url}/health/ready`)).ok) break;
        } catch {
          // starting
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return { name, url, child, dataDir };
    },

    async stop(running: BenchProcess): Promise<void> {
      if (running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGTERM');
        await new Promise((resolve) => running.child.once('exit', resolve));
      }
      rmSync(running.dataDir, { recursive: true, force: true });
    },
  };
}
