// A real identity service, as a process on a free port, for the tests of services that verify its
// tokens: they fetch its JWKS and ask it about sessions over HTTP exactly as in production.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForVerificationToken } from './mail-files.ts';
import { startServiceProcess } from './service-process.ts';

export const TEST_ADMIN = { email: 'test-admin@example.org', password: 'test-admin-lantern-quartz-91' };
/** Strong enough for identity's password rule (zxcvbn score 3 or more). */
const USER_PASSWORD = 'maple-orbit-velvet-37';

/** One signed-in device: its access token, its refresh cookie (`keisha_refresh=...`) and its account. */
export interface TestSession {
  token: string;
  cookie: string;
  userId: string;
  email: string;
}

export interface IdentityProcess {
  url: string;
  /** The private key identity signs with, so a test can sign tokens identity never issued. */
  signingKeyPem: string;
  /** The folder identity keeps its messages in (one .eml file each). */
  mailDir: string;
  /**
   * Registers a new account (at `email`, if given) and confirms its address by the link it was mailed, or
   * signs in the admin, and returns its access token.
   */
  tokenFor(kind: 'user' | 'admin', email?: string): Promise<string>;
  /** Registers a new, confirmed account (or signs in an existing one, `email` given) and returns the whole session. */
  signIn(kind: 'user' | 'admin', email?: string): Promise<TestSession>;
  /** Registers a new account and leaves its address unconfirmed (its token says so). */
  signUpUnverified(email?: string, headers?: Record<string, string>): Promise<TestSession>;
  /** Confirms the session's address by the link mailed to it, and returns the device's next session (its token says so). */
  verify(session: TestSession): Promise<TestSession>;
  refresh(session: TestSession): Promise<{ status: number; session?: TestSession }>;
  logout(session: TestSession): Promise<void>;
  logoutAll(session: TestSession): Promise<void>;
  /** PATCH an account as the administrator (role, disabled). */
  updateUser(userId: string, changes: { role?: 'user' | 'admin'; disabled?: boolean }): Promise<void>;
  /** What the process has logged so far (JSON lines, at its LOG_LEVEL: error unless given). */
  logs(): string[];
  stop(): Promise<void>;
}

/** `env` is added to the process's environment (OTEL_EXPORTER_OTLP_ENDPOINT, LOG_LEVEL...). */
export async function startIdentityProcess(env: Record<string, string> = {}): Promise<IdentityProcess> {
  const signingKeyPem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-test-mail-'));
  const { url, port, stop: stopProcess, logs } = await startServiceProcess('identity', {
    RATE_LIMIT_MAX: '100000',
    LOGIN_RATE_LIMIT_MAX: '100000',
    REGISTER_DAILY_LIMIT_PER_ADDRESS: '100000',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SIGNING_KEY_PEM: signingKeyPem,
    MAIL_DIR: mailDir,
    MAIL_POLL_MS: '20',
    ...env,
  });
  const stop = async () => {
    await stopProcess();
    rmSync(mailDir, { recursive: true, force: true });
  };
  let counter = 0;
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const sessionOf = async (route: string, response: Response): Promise<TestSession> => {
    const json = (await response.json()) as { token?: string; user?: { id: string; email: string } };
    if (!response.ok || !json.token || !json.user) throw new Error(`${route}: ${response.status} ${JSON.stringify(json)}`);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('keisha_refresh='))?.split(';')[0] ?? '';
    return { token: json.token, cookie, userId: json.user.id, email: json.user.email };
  };
  const signUpUnverified = async (email = `user${++counter}-${port}@example.org`, headers: Record<string, string> = {}): Promise<TestSession> =>
    sessionOf('register', await post('/api/bias-auth/register', { email, password: USER_PASSWORD }, headers));
  const verify = async (session: TestSession): Promise<TestSession> => {
    const { token } = await waitForVerificationToken(mailDir, session.email);
    const verified = await post('/api/auth/verify-email', { token });
    if (!verified.ok) throw new Error(`verify-email: ${verified.status} ${await verified.text()}`);
    return sessionOf('refresh', await post('/api/auth/refresh', undefined, { cookie: session.cookie }));
  };
  const register = async (email?: string): Promise<TestSession> => verify(await signUpUnverified(email));
  const signIn = async (kind: 'user' | 'admin', email?: string): Promise<TestSession> => {
    if (kind === 'admin') return sessionOf('admin login', await post('/api/auth/admin/login', email ? { email, password: USER_PASSWORD } : TEST_ADMIN));
    if (email) return sessionOf('login', await post('/api/bias-auth/login', { email, password: USER_PASSWORD }));
    return register();
  };
  let admin: TestSession | undefined;
  return {
    url,
    signingKeyPem,
    mailDir,
    signUpUnverified,
    verify,
    tokenFor: async (kind, email) => (kind === 'admin' ? await signIn('admin') : await register(email)).token,
    signIn,
    refresh: async (session) => {
      const response = await post('/api/auth/refresh', undefined, { cookie: session.cookie });
      return response.ok ? { status: response.status, session: await sessionOf('refresh', response) } : { status: response.status };
    },
    logout: async (session) => {
      const response = await post('/api/auth/logout', undefined, { cookie: session.cookie });
      if (!response.ok) throw new Error(`logout: ${response.status}`);
    },
    logoutAll: async (session) => {
      const response = await post('/api/auth/logout-all', undefined, { authorization: `Bearer ${session.token}` });
      if (!response.ok) throw new Error(`logout-all: ${response.status}`);
    },
    updateUser: async (userId, changes) => {
      admin ??= await signIn('admin');
      const response = await fetch(`${url}/api/identity/admin/users/${userId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify(changes),
      });
      if (!response.ok) throw new Error(`update user: ${response.status} ${await response.text()}`);
    },
    logs,
    stop,
  };
}
