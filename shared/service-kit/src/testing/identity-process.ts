// A real identity service, as a process on a free port, for the tests of services that verify its
// tokens: they fetch its JWKS over HTTP exactly as in production.
import { startServiceProcess } from './service-process.ts';

export const TEST_ADMIN = { email: 'test-admin@example.org', password: 'test-admin-password' };

export interface IdentityProcess {
  url: string;
  /** Registers a new account (or signs in the admin) and returns its access token. */
  tokenFor(kind: 'user' | 'admin', email?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startIdentityProcess(): Promise<IdentityProcess> {
  const { url, port, stop } = await startServiceProcess('identity', {
    RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_MAX: '100000',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  });
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
    stop,
  };
}
