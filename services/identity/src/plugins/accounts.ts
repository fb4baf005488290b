// The account service: registration, sign-in, sessions. Routes stay thin and call this.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AUTH_ERRORS, AUTH_MESSAGES, type AccountUser } from '@keisha/contracts/identity';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { IdentityDatabase, UserRow } from '../db/database.ts';
import { accountLinksRepository } from '../db/repositories/account-links.ts';
import { loginFailuresRepository } from '../db/repositories/login-failures.ts';
import { refreshTokensRepository } from '../db/repositories/refresh-tokens.ts';
import { signupsRepository } from '../db/repositories/signups.ts';
import { usersRepository } from '../db/repositories/users.ts';
import { normalizeEmailAddress } from '../domain/email.ts';
import { failureSubjects, signInRefused, type ThrottlePolicy } from '../domain/login-throttle.ts';
import { checkNewPassword } from '../domain/password-policy.ts';
import { hashPassword, needsRehash, verifyPassword } from '../domain/passwords.ts';
import { judgeRefreshToken, newRefreshToken, parseRefreshCookie } from '../domain/refresh-token.ts';
import type { KeyRing } from './signing-keys.ts';

export interface SessionGrant {
  user: AccountUser;
  token: string;
  expiresIn: number;
  /** The new refresh cookie value (id.secret), to set HttpOnly. */
  refreshCookie: string;
  refreshMaxAgeSeconds: number;
}

export interface AccountsOptions {
  accessTtlSeconds: number;
  refreshTtlDays: number;
  throttle: ThrottlePolicy;
  /** Runs in the transaction that creates an account (the mail outbox queues its verification message). */
  onAccountCreated?: (row: UserRow, trx: Transaction<IdentityDatabase>) => Promise<void>;
  /** After that transaction committed (the outbox delivers at once instead of at its next poll). */
  afterAccountCreated?: () => void;
  /** Accounts one client address may create per UTC day. */
  signupDailyLimit: number;
  /** Runs in the transaction that changes a password on the account page (the outbox queues the owner's notice). */
  onPasswordChanged?: (row: UserRow, trx: Transaction<IdentityDatabase>) => Promise<void>;
  /** After that transaction committed. */
  afterPasswordChanged?: () => void;
  /** A failed sign-in left the account past its limit from every address (strangers are now held back). */
  onAccountAttacked?: (row: UserRow, window: { window_started_at: Date; failures: number }) => Promise<void>;
}

export const WEAK_PASSWORD = AUTH_ERRORS.weakPassword;
export const SIGNUP_LIMIT_MESSAGE =
  'Too many accounts have been created from your network today. Please try again tomorrow, or sign in to an existing account.';

/** Refuses a password the policy refuses, with its reason (400, shown in the sign-up and password forms). */
function requireStrongPassword(password: string, email?: string): void {
  const verdict = checkNewPassword(password, email);
  if (!verdict.ok) throw new AppError(400, WEAK_PASSWORD, verdict.reason);
}

/** Seconds until the next UTC midnight, when an address's daily sign-ups start again. */
function secondsToNextUtcDay(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export function toAccountUser(row: UserRow): AccountUser {
  return { id: row.id, email: row.email, role: row.role, created_at: row.created_at.toISOString(), email_verified: row.email_verified_at != null };
}

const invalidCredentials = () => new AppError(401, AUTH_ERRORS.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
const sessionExpired = () => new AppError(401, AUTH_ERRORS.sessionExpired, 'Your session has ended. Please sign in again.');
const disabledAccount = () => new AppError(403, AUTH_ERRORS.disabled, AUTH_MESSAGES.disabled);

export function createAccounts(app: ServiceApp, db: Kysely<IdentityDatabase>, keys: KeyRing, options: AccountsOptions) {
  const users = usersRepository(db);
  const refreshTokens = refreshTokensRepository(db);
  const failures = loginFailuresRepository(db);
  const signups = signupsRepository(db);
  const links = accountLinksRepository(db);
  // Compared against when an address has no account, so a sign-in takes as long either way.
  const decoyHash = hashPassword(randomUUID());

  const signAccessToken = (row: UserRow, familyId: string) =>
    app.jwt.sign(
      { sub: row.id, email: row.email, role: row.role, sid: familyId, ev: row.email_verified_at != null },
      { expiresIn: `${options.accessTtlSeconds}s`, key: keys.current.privateKeyPem, kid: keys.current.kid } as never,
    );

  async function openSession(row: UserRow, familyId: string = randomUUID(), trx?: Parameters<typeof refreshTokens.insert>[1]): Promise<SessionGrant> {
    const refresh = newRefreshToken();
    const expires = new Date(Date.now() + options.refreshTtlDays * 86_400_000);
    await refreshTokens.insert({ id: refresh.id, family_id: familyId, user_id: row.id, token_hash: refresh.hash, expires_at: expires }, trx);
    return {
      user: toAccountUser(row),
      token: signAccessToken(row, familyId),
      expiresIn: options.accessTtlSeconds,
      refreshCookie: refresh.cookieValue,
      refreshMaxAgeSeconds: options.refreshTtlDays * 86_400,
    };
  }

  /** `accountForClaims` for many tokens in one query: each one's account, or the error that refuses it. */
  async function accountsForClaims(claims: ReadonlyArray<{ sub: string; sid: string }>): Promise<Array<UserRow | AppError>> {
    const found = await users.findWithFamilies(claims.map((c) => ({ userId: c.sub, familyId: c.sid })));
    return found.map((one) => {
      if (!one) return new AppError(401, AUTH_ERRORS.unauthenticated, 'Invalid or expired token');
      const { user, family } = one;
      if (user.disabled_at) return disabledAccount();
      if (!family || !family.live || family.startedAt < user.sessions_valid_after) {
        return new AppError(401, AUTH_ERRORS.unauthenticated, 'Your session has ended. Please sign in again.');
      }
      return user;
    });
  }

  return {
    async register(rawEmail: string, password: string, { address = 'unknown' } = {}): Promise<SessionGrant> {
      const email = normalizeEmailAddress(rawEmail);
      requireStrongPassword(password, email);
      if (!(await signups.take(address, options.signupDailyLimit))) {
        throw new AppError(429, AUTH_ERRORS.rateLimited, SIGNUP_LIMIT_MESSAGE, undefined, { retryAfterSeconds: secondsToNextUtcDay() });
      }
      const hash = await hashPassword(password);
      // What a new account causes (its verification message) is written with it, or not at all.
      const row = await db.transaction().execute(async (trx) => {
        const created = await users.create(email, hash, 'user', trx);
        if (created) await options.onAccountCreated?.(created, trx);
        return created;
      });
      if (row) options.afterAccountCreated?.();
      if (!row) {
        await signups.giveBack(address);
        throw new AppError(409, AUTH_ERRORS.accountExists, AUTH_MESSAGES.accountExists);
      }
      await users.recordSignIn(row.id);
      return openSession(row);
    },

    async login(rawEmail: string, password: string, { adminOnly = false, address = 'unknown' } = {}): Promise<SessionGrant> {
      const email = normalizeEmailAddress(rawEmail);
      const subjects = failureSubjects(email, address);
      const [fromAddress, forAccount, knownAddress] = await Promise.all([
        failures.find(subjects.pair),
        failures.find(subjects.account),
        failures.isKnownAddress(email, address),
      ]);
      if (signInRefused({ fromAddress, forAccount, knownAddress }, new Date(), options.throttle)) {
        throw new AppError(429, AUTH_ERRORS.rateLimited, AUTH_MESSAGES.tooManyAttempts);
      }
      const row = await users.findByEmail(email);
      const matches = row ? await verifyPassword(password, row.password_hash) : (await verifyPassword(password, await decoyHash), false);
      if (!row || !matches) {
        const [, accountWindow] = await Promise.all([failures.record(subjects.pair, options.throttle.windowMs), failures.record(subjects.account, options.throttle.windowMs)]);
        if (row && accountWindow.failures >= options.throttle.accountLimit) await options.onAccountAttacked?.(row, accountWindow);
        throw invalidCredentials();
      }
      await Promise.all([failures.clear(subjects.pair), failures.rememberAddress(email, address)]);
      if (row.disabled_at) throw disabledAccount();
      if (adminOnly && row.role !== 'admin') throw new AppError(403, AUTH_ERRORS.forbidden, AUTH_MESSAGES.adminOnly);
      if (needsRehash(row.password_hash)) await users.setPassword(row.id, await hashPassword(password));
      await users.recordSignIn(row.id);
      return openSession(row);
    },

    /** Rotates a refresh token. A replayed (already rotated) token ends its whole family. */
    async refresh(cookie: string | undefined): Promise<SessionGrant> {
      const parsed = parseRefreshCookie(cookie);
      if (!parsed) throw sessionExpired();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await refreshTokens.findForUpdate(parsed.id, trx);
        const verdict = judgeRefreshToken(row, parsed.secret, new Date());
        if (!verdict.ok) {
          if (verdict.reason === 'reused' && row) await refreshTokens.revokeFamily(row.family_id, trx);
          return { error: verdict.reason } as const;
        }
        const user = await users.findById(row!.user_id, trx);
        if (!user || user.disabled_at) {
          await refreshTokens.revokeFamily(row!.family_id, trx);
          return { error: 'disabled' } as const;
        }
        await refreshTokens.markUsed(row!.id, trx);
        return { grant: await openSession(user, row!.family_id, trx) } as const;
      });
      if ('error' in outcome) {
        if (outcome.error === 'reused') app.log.warn({ tokenId: parsed.id }, 'refresh token reused: session family revoked');
        throw outcome.error === 'disabled' ? disabledAccount() : sessionExpired();
      }
      return outcome.grant;
    },

    /** Ends the session of this device (the refresh family). Unknown cookies are fine: nothing to end. */
    async logout(cookie: string | undefined): Promise<void> {
      const parsed = parseRefreshCookie(cookie);
      if (!parsed) return;
      const row = await db.selectFrom('refresh_tokens').select(['family_id', 'token_hash']).where('id', '=', parsed.id).executeTakeFirst();
      if (row && judgeRefreshToken({ ...row, used_at: null, revoked_at: null, expires_at: new Date(8.64e15) }, parsed.secret, new Date()).ok) {
        await refreshTokens.revokeFamily(row.family_id);
      }
    },

    async logoutEverywhere(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await refreshTokens.revokeAllOfUser(userId, {}, trx);
        await users.invalidateSessions(userId, trx);
        // Links mailed before (an address change, a sign-in link) end with the sessions.
        await links.cancelEveryOpen(userId, trx);
      });
    },

    async changePassword(userId: string, currentFamily: string, current: string, next: string): Promise<void> {
      const row = await users.findById(userId);
      if (!row || !(await verifyPassword(current, row.password_hash))) throw invalidCredentials();
      requireStrongPassword(next, row.email);
      const hash = await hashPassword(next);
      await db.transaction().execute(async (trx) => {
        await users.setPassword(userId, hash, trx);
        // Other devices signed in with the old password are signed out; this one stays.
        await refreshTokens.revokeAllOfUser(userId, { exceptFamily: currentFamily }, trx);
        // As do the links mailed before: one may be in the hands of whoever knew the old password.
        await links.cancelEveryOpen(userId, trx);
        // The owner is told, as after a reset: whoever knew the old password may have changed it.
        await options.onPasswordChanged?.(row, trx);
      });
      options.afterPasswordChanged?.();
    },

    /**
     * The account behind a verified token, refused unless its device (the `sid` family) is still signed
     * in: signed out, signed out everywhere, replayed, password changed elsewhere, or disabled all end it.
     */
    async accountForClaims(claims: { sub: string; sid: string }): Promise<UserRow> {
      const [account] = await accountsForClaims([claims]);
      if (account instanceof AppError) throw account;
      return account!;
    },

    accountsForClaims,

    /** A session for an account that proved itself another way (a one-time sign-in link). */
    sessionFor: (row: UserRow): Promise<SessionGrant> => openSession(row),

    /** An administrator's unlock: forgets every failed sign-in counted against the account. */
    async unlock(userId: string): Promise<boolean> {
      const row = await users.findById(userId);
      if (!row) return false;
      await failures.clearAccount(row.email);
      return true;
    },

    /** Creates the first administrator: from ADMIN_EMAIL/ADMIN_PASSWORD, or generated and printed once. */
    async ensureFirstAdmin(adminEmail: string | undefined, adminPassword: string | undefined, announce: (text: string) => void) {
      if (adminEmail && adminPassword) {
        const existing = await users.findByEmail(adminEmail);
        if (!existing) {
          // A configured password is held to the same rule as any other, when it is set: an existing
          // administrator keeps the password it has.
          const verdict = checkNewPassword(adminPassword, adminEmail);
          if (!verdict.ok) throw new Error(`ADMIN_PASSWORD is refused: ${verdict.reason}`);
          // The operator chose this address: it needs no confirmation link (and the administrator can chat).
          const created = await users.create(adminEmail, await hashPassword(adminPassword), 'admin');
          if (created) await users.markVerified(created.id);
        }
        else if (existing.role !== 'admin') await users.update(existing.id, { role: 'admin' });
        return;
      }
      if (await users.anyAdmin()) return;
      const email = adminEmail ?? 'admin@keisha.local';
      const password = randomUUID().replaceAll('-', '').slice(0, 20);
      const created = await users.create(email, await hashPassword(password), 'admin');
      if (created) {
        await users.markVerified(created.id);
        announce(
          `\nFirst administrator created. Sign in with:\n  email:    ${email}\n  password: ${password}\n` +
            'This is shown once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself.\n',
        );
      }
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
