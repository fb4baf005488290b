// A real identity service, as a process on a free port, for the tests of services that verify its
// tokens: they fetch its JWKS over HTTP exactly as in production.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const IDENTITY_SERVER = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'services', 'identity', 'src', 'server.ts');

export const TEST_ADMIN = { email: 'test-admin@example.org', password: 'test-admin-password' };

export interface IdentityProcess {
  url: string;
  /** Registers a new account (or signs in the admin) and returns its access token. */
  tokenFor(kind: 'user' | 'admin', email?: string): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startIdentityProcess(): Promise<IdentityProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-test-identity-'));
  const child = spawn(process.execPath, [IDENTITY_SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_MAX: '100000',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`identity exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error(`identity did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  let counter = 0;
  const call = async (route: string, body: unknown) => {
    const response = await fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await response.json()) as { token?: string };
    if (!response.ok || !json.token) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
    return json.token;
  };
  return {
    url,
    tokenFor: (kind, email) =>
      kind === 'admin'
        ? call('/api/auth/admin/login', TEST_ADMIN)
        : call('/api/bias-auth/register', { email: email ?? `user${++counter}-${port}@example.org`, password: 'test-password' }),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
