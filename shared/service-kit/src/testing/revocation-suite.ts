// Revocation, the same on every service that verifies identity's tokens: a session that identity has
// ended (signed out, signed out everywhere, a replayed refresh token, a disabled account, a demoted
// admin) is refused within two seconds, and so are tokens without the claims a service relies on.
import { randomUUID, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '../app.ts';
import { ACCESS_TOKEN_ALGORITHM, DEFAULT_AUDIENCE, DEFAULT_ISSUER } from '../auth.ts';
import type { StartService, StartedService } from './frame-suite.ts';
import { startIdentityProcess, type IdentityProcess } from './identity-process.ts';
import { databaseTargets } from './databases.ts';

/** How long a revocation may take to reach a service (issue 12: within 2 seconds). */
export const REVOCATION_DEADLINE_MS = 2000;

export interface RevocationProbes {
  /** A route that needs a signed-in reader; resolves to its status for this access token. */
  user(app: ServiceApp, token: string): Promise<number>;
  /** A route for administrators only. */
  admin(app: ServiceApp, token: string): Promise<number>;
}

/** Asks until the answer is refused (401/403) or the deadline passes; returns the milliseconds it took, or Infinity. */
async function msUntilRefused(ask: () => Promise<number>, deadlineMs = REVOCATION_DEADLINE_MS): Promise<number> {
  const started = Date.now();
  for (;;) {
    const status = await ask();
    const elapsed = Date.now() - started;
    if (status === 401 || status === 403) return elapsed;
    if (elapsed > deadlineMs) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function craftToken(privateKeyPem: string, kid: string, payload: Record<string, unknown>): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${b64({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT', kid })}.${b64(payload)}`;
  return `${head}.${sign(null, Buffer.from(head), privateKeyPem).toString('base64url')}`;
}

export async function describeRevocation(name: string, start: StartService, probes: RevocationProbes): Promise<void> {
  const targets = await databaseTargets();

  describe.each(targets)(`${name}: revoked sessions and bad claims on $kind`, (target) => {
    let identity: IdentityProcess;
    let ctx: StartedService;
    beforeAll(async () => {
      identity = await startIdentityProcess();
      ctx = await start(target, { IDENTITY_URL: identity.url });
    }, 90_000);
    afterAll(async () => {
      await ctx?.app.close();
      await ctx?.database.destroy();
      await identity?.stop();
    });
    const user = (token: string) => probes.user(ctx.app, token);
    const admin = (token: string) => probes.admin(ctx.app, token);

    it('refuses a signed-out device within 2 s, and keeps the account’s other device', async () => {
      const phone = await identity.signIn('user');
      const laptop = await identity.signIn('user', phone.email);
      expect(await user(phone.token)).toBe(200);
      expect(await user(laptop.token)).toBe(200);
      await identity.logout(phone);
      expect(await msUntilRefused(() => user(phone.token))).toBeLessThanOrEqual(REVOCATION_DEADLINE_MS);
      expect(await user(laptop.token)).toBe(200);
    });

    it('refuses every device after sign-out everywhere, including a token of the same second; a new sign-in works', async () => {
      const first = await identity.signIn('user');
      const second = await identity.signIn('user', first.email);
      expect(await user(second.token)).toBe(200);
      const sameSecond = await identity.signIn('user', first.email); // issued right before the logout-all
      await identity.logoutAll(first);
      for (const session of [first, second, sameSecond]) {
        expect(await msUntilRefused(() => user(session.token))).toBeLessThanOrEqual(REVOCATION_DEADLINE_MS);
      }
      const after = await identity.signIn('user', first.email);
      expect(await user(after.token)).toBe(200);
    });

    it('refuses the whole device when a rotated refresh token is replayed', async () => {
      const session = await identity.signIn('user');
      const rotated = await identity.refresh(session);
      expect(rotated.status).toBe(200);
      expect(await user(rotated.session!.token)).toBe(200);
      expect((await identity.refresh(session)).status).toBe(401); // the replay
      expect(await msUntilRefused(() => user(rotated.session!.token))).toBeLessThanOrEqual(REVOCATION_DEADLINE_MS);
      expect(await msUntilRefused(() => user(session.token))).toBeLessThanOrEqual(REVOCATION_DEADLINE_MS);
    });

    it('refuses a disabled account within 2 s', async () => {
      const session = await identity.signIn('user');
      expect(await user(session.token)).toBe(200);
      await identity.updateUser(session.userId, { disabled: true });
      expect(await msUntilRefused(() => user(session.token))).toBeLessThanOrEqual(REVOCATION_DEADLINE_MS);
    });

    it('refuses a demoted administrator on admin routes within 2 s', async () => {
      const promoted = await identity.signIn('user');
      await identity.updateUser(promoted.userId, { role: 'admin' });
      const asAdmin = await identity.signIn('admin', promoted.email);
      expect(await admin(asAdmin.token)).toBe(200);
      await identity.updateUser(promoted.userId, { role: 'user' });
      expect(await msUntilRefused(() => admin(asAdmin.token))).toBeLessThanOrEqual(REVOCATION_DEADLINE_MS);
    });

    it('refuses tokens signed with identity’s own key but missing exp, aud, iss or sid, or naming an unknown account', async () => {
      const session = await identity.signIn('user');
      const claims = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      const kid = (JSON.parse(Buffer.from(session.token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
      const now = Math.floor(Date.now() / 1000);
      const full: Record<string, unknown> = { ...claims, iat: now, exp: now + 600, iss: DEFAULT_ISSUER, aud: DEFAULT_AUDIENCE };
      expect(await user(craftToken(identity.signingKeyPem, kid, full))).toBe(200); // the key and claims are right
      for (const missing of ['exp', 'aud', 'iss', 'sid', 'sub']) {
        const { [missing]: _dropped, ...rest } = full;
        expect(await user(craftToken(identity.signingKeyPem, kid, rest)), `without ${missing}`).toBe(401);
      }
      expect(await user(craftToken(identity.signingKeyPem, kid, { ...full, sub: randomUUID() })), 'unknown sub').toBe(401);
      expect(await user(craftToken(identity.signingKeyPem, kid, { ...full, sub: 'not-a-uuid' })), 'malformed sub').toBe(401);
      expect(await user(craftToken(identity.signingKeyPem, kid, { ...full, sid: randomUUID() })), 'unknown session').toBe(401);
    });
  });
}
