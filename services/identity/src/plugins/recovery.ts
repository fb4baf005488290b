// Getting back into an account by mail: password reset, e-mail change, the one-time sign-in/unlock link
// while strangers hold the account's sign-ins back, and the notice that the account is being attacked.
// Requests for a link answer the same, and as fast, whether or not the address has an account: the work
// that depends on it runs after the answer (BackgroundWork).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AUTH_ERRORS, AUTH_MESSAGES, LINK_ERRORS, type UnlockNextPage } from '@keisha/contracts/identity';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { AccountLinkPurpose, IdentityDatabase, UserRow } from '../db/database.ts';
import { accountLinksRepository } from '../db/repositories/account-links.ts';
import { linkRequestsRepository } from '../db/repositories/link-requests.ts';
import { loginFailuresRepository } from '../db/repositories/login-failures.ts';
import { refreshTokensRepository } from '../db/repositories/refresh-tokens.ts';
import { usersRepository } from '../db/repositories/users.ts';
import { normalizeEmailAddress } from '../domain/email.ts';
import { failureSubjects } from '../domain/login-throttle.ts';
import { attackNoticeKey, hashLinkToken, judgeLink, newLinkToken, secondsLeftInWindow, type LinkVerdict } from '../domain/one-time-link.ts';
import { checkNewPassword } from '../domain/password-policy.ts';
import { hashPassword, verifyPassword } from '../domain/passwords.ts';
import type { MailDelivery } from '../mail/delivery.ts';
import type { OutboxRepository } from '../mail/outbox.ts';
import {
  accountAttackedTemplate,
  emailChangedTemplate,
  emailChangeTakenTemplate,
  emailChangeTemplate,
  passwordChangedTemplate,
  passwordResetTemplate,
  unlockTemplate,
} from '../mail/templates.ts';
import { renderMail } from '../mail/templates/render.ts';
import { WEAK_PASSWORD, type Accounts, type SessionGrant } from './accounts.ts';
import type { BackgroundWork } from './background.ts';
import { mailDate } from '../mail/mail-date.ts';

export interface RecoveryPolicy {
  publicUrl: string;
  supportEmail: string;
  resetTtlMinutes: number;
  unlockTtlMinutes: number;
  emailChangeTtlHours: number;
  /** Link requests (reset and sign-in links together) one client address may make per window. */
  perAddressLimit: number;
  /** Requests of one kind for one account per window. */
  perAccountLimit: number;
  requestWindowMs: number;
  /** The failed sign-ins window, for the attack notice's "at most once every N minutes". */
  attackWindowMinutes: number;
}

const EXPIRED_MESSAGES: Record<AccountLinkPurpose, string> = {
  'password-reset': 'This password reset link has expired. Please ask for a new one with "Forgot password?".',
  'email-change': 'This confirmation link has expired. Please ask for the change again on your account page.',
  unlock: 'This sign-in link has expired. Please ask for a new one on the sign-in form.',
};

export const RECOVERY_ERRORS = {
  invalidLink: 'This link is not valid. Please use the latest link we sent you.',
  usedLink: 'This link has already been used.',
  sameEmail: 'This is already the address of your account.',
  emailTaken: 'This address now belongs to another account, so your address was not changed.',
  wrongPassword: 'Your password is not correct.',
  tooManyFromAddress: 'Too many requests for links from your network. Please try again later.',
  tooManyChanges: 'You have asked for several changes in the last hour. Please use the link we sent, or try again later.',
} as const;

function refuseLink(verdict: Exclude<LinkVerdict, 'ok'>, purpose: AccountLinkPurpose): AppError {
  if (verdict === 'used') return new AppError(409, LINK_ERRORS.used, RECOVERY_ERRORS.usedLink);
  if (verdict === 'expired') return new AppError(410, LINK_ERRORS.expired, EXPIRED_MESSAGES[purpose]);
  return new AppError(400, LINK_ERRORS.invalid, RECOVERY_ERRORS.invalidLink);
}


const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export interface RecoveryDeps {
  outbox: OutboxRepository;
  delivery: MailDelivery;
  accounts: Accounts;
  background: BackgroundWork;
}

export function createRecovery(app: ServiceApp, db: Kysely<IdentityDatabase>, deps: RecoveryDeps, policy: RecoveryPolicy) {
  const { outbox, delivery, accounts, background } = deps;
  const users = usersRepository(db);
  const links = accountLinksRepository(db);
  const requests = linkRequestsRepository(db);
  const failures = loginFailuresRepository(db);
  const refreshTokens = refreshTokensRepository(db);

  const pageUrl = (page: string, query: Record<string, string> = {}) => {
    const url = new URL(page, policy.publicUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  };
  const resetUrl = () => pageUrl('/reset-password');

  /** Refuses an address past its link requests for the window (429 with Retry-After): it says nothing of any account. */
  async function countAddress(address: string): Promise<void> {
    const counted = await requests.count(`links:address:${address}`, policy.requestWindowMs);
    if (counted.used > policy.perAddressLimit) {
      const retryAfterSeconds = secondsLeftInWindow(counted.windowStartedAt, policy.requestWindowMs, new Date());
      throw new AppError(429, AUTH_ERRORS.rateLimited, RECOVERY_ERRORS.tooManyFromAddress, undefined, { retryAfterSeconds });
    }
  }

  async function accountAllows(subject: string): Promise<boolean> {
    const counted = await requests.count(subject, policy.requestWindowMs);
    return counted.used <= policy.perAccountLimit;
  }

  /** The link's account, or why the link opens nothing (read without locks, before any work). */
  async function linkOwner(token: string, purpose: AccountLinkPurpose): Promise<UserRow> {
    const link = await links.find(hashLinkToken(token), purpose);
    const owner = link ? await users.findById(link.user_id) : undefined;
    const verdict = judgeLink(link, owner?.email, new Date());
    if (verdict !== 'ok') throw refuseLink(verdict, purpose);
    return owner!;
  }

  /** Locks the link and its account, checks it again under the lock, and uses it up. */
  async function consume(trx: Transaction<IdentityDatabase>, token: string, purpose: AccountLinkPurpose) {
    const link = await links.findForUpdate(hashLinkToken(token), purpose, trx);
    const owner = link ? await trx.selectFrom('users').selectAll().where('id', '=', link.user_id).forUpdate().executeTakeFirst() : undefined;
    const verdict = judgeLink(link, owner?.email, new Date());
    if (verdict !== 'ok') throw refuseLink(verdict, purpose);
    await links.useAll(owner!.id, purpose, trx);
    return { link: link!, owner: owner! };
  }

  /** Opening a mailed link proves the mailbox: the address counts as confirmed. */
  const confirmAddress = (userId: string, trx: Transaction<IdentityDatabase>) =>
    trx.updateTable('users').set({ email_verified_at: sql`coalesce(email_verified_at, now())` }).where('id', '=', userId).execute();

  /** The notice to an account's address that its password was changed: by a reset link, or on the account page. */
  const passwordChangedNotice = (email: string, way: 'reset' | 'account') =>
    renderMail(passwordChangedTemplate, {
      email,
      how: way === 'reset' ? 'with a reset link' : 'on the account page',
      signedOut: way === 'reset' ? 'every device was signed out' : 'every other device was signed out',
      when: mailDate(new Date()),
      resetUrl: resetUrl(),
      support: policy.supportEmail,
    });

  async function mailLink(user: UserRow, purpose: 'password-reset' | 'unlock', next?: UnlockNextPage): Promise<void> {
    const { token, hash } = newLinkToken();
    const minutes = purpose === 'password-reset' ? policy.resetTtlMinutes : policy.unlockTtlMinutes;
    const mail =
      purpose === 'password-reset'
        ? await renderMail(passwordResetTemplate, { email: user.email, link: pageUrl('/reset-password', { token }), validMinutes: String(minutes) })
        : await renderMail(unlockTemplate, {
            email: user.email,
            link: pageUrl('/unlock', { token, ...(next ? { next } : {}) }),
            validMinutes: String(minutes),
            resetUrl: resetUrl(),
          });
    await db.transaction().execute(async (trx) => {
      await links.create({ token_hash: hash, purpose, user_id: user.id, email: user.email, expires_at: new Date(Date.now() + minutes * 60_000) }, trx);
      await outbox.enqueue({ key: `${purpose}:${hash}`, kind: purpose, to: user.email, ...mail }, trx);
    });
    delivery.nudge();
  }

  /** The part of a link request that depends on the account: after the answer, the same answer either way. */
  function requestLinkLater(rawEmail: string, purpose: 'password-reset' | 'unlock', next?: UnlockNextPage): void {
    background.run(`${purpose} request`, async () => {
      const email = normalizeEmailAddress(rawEmail);
      if (!(await accountAllows(`${purpose}:account:${email}`))) return;
      const user = await users.findByEmail(email);
      if (!user || user.disabled_at) return;
      await mailLink(user, purpose, next);
    });
  }

  return {
    async requestPasswordReset(rawEmail: string, address: string): Promise<void> {
      await countAddress(address);
      requestLinkLater(rawEmail, 'password-reset');
    },

    /** Queues the notice of a password changed on the account page, in the transaction that changed it. */
    async queuePasswordChangedOnAccount(user: UserRow, trx: Transaction<IdentityDatabase>): Promise<void> {
      const notice = await passwordChangedNotice(user.email, 'account');
      await outbox.enqueue({ key: `password-changed:account:${user.id}:${randomUUID()}`, kind: 'password-changed', to: user.email, ...notice }, trx);
    },

    /** Refuses a reset link that can no longer be used, as `resetPassword` would, without using it up. */
    async checkResetLink(token: string): Promise<void> {
      await linkOwner(token, 'password-reset');
    },

    /** Sets a new password with a reset link, signs out every device, and tells the owner. */
    async resetPassword(token: string, newPassword: string, address: string): Promise<void> {
      const owner = await linkOwner(token, 'password-reset');
      // Checked before the link is used up: a refused password leaves the link working.
      const verdict = checkNewPassword(newPassword, owner.email);
      if (!verdict.ok) throw new AppError(400, WEAK_PASSWORD, verdict.reason);
      const passwordHash = await hashPassword(newPassword);
      const notice = await passwordChangedNotice(owner.email, 'reset');
      const user = await db.transaction().execute(async (trx) => {
        const { owner: locked } = await consume(trx, token, 'password-reset');
        await users.setPassword(locked.id, passwordHash, trx);
        await confirmAddress(locked.id, trx);
        await refreshTokens.revokeAllOfUser(locked.id, {}, trx);
        await users.invalidateSessions(locked.id, trx);
        // Every other link mailed before (an address change asked by whoever had the password, a sign-in link) ends too.
        await links.cancelEveryOpen(locked.id, trx);
        await outbox.enqueue({ key: `password-changed:${hashLinkToken(token)}`, kind: 'password-changed', to: locked.email, ...notice }, trx);
        return locked;
      });
      // The owner proved the mailbox from here: this network is theirs, and the failed sign-ins are forgotten.
      await failures.clearAccount(user.email);
      await failures.rememberAddress(user.email, address);
      delivery.nudge();
    },

    async requestUnlock(rawEmail: string, address: string, next?: UnlockNextPage): Promise<void> {
      await countAddress(address);
      requestLinkLater(rawEmail, 'unlock', next);
    },

    /** Signs in with a sign-in/unlock link: this network becomes one the account knows, so the throttle lets it in. */
    async unlock(token: string, address: string): Promise<SessionGrant> {
      await linkOwner(token, 'unlock');
      const user = await db.transaction().execute(async (trx) => {
        const { owner } = await consume(trx, token, 'unlock');
        if (owner.disabled_at) throw new AppError(403, AUTH_ERRORS.disabled, AUTH_MESSAGES.disabled);
        await confirmAddress(owner.id, trx);
        return owner;
      });
      await failures.clear(failureSubjects(user.email, address).pair);
      await failures.rememberAddress(user.email, address);
      await users.recordSignIn(user.id);
      return accounts.sessionFor((await users.findById(user.id)) ?? user);
    },

    /**
     * Asks the owner to confirm a new address by a link sent there. An address that already has an account is
     * told so there, and the answer here is the same: this form cannot find out which addresses have accounts.
     */
    async requestEmailChange(user: UserRow, password: string, rawNewEmail: string): Promise<void> {
      const newEmail = normalizeEmailAddress(rawNewEmail);
      // Counted before the password is checked: this form is no faster way to guess it than the sign-in.
      if (!(await accountAllows(`email-change:account:${user.id}`))) throw new AppError(429, AUTH_ERRORS.rateLimited, RECOVERY_ERRORS.tooManyChanges);
      if (!(await verifyPassword(password, user.password_hash))) throw new AppError(401, AUTH_ERRORS.invalidCredentials, RECOVERY_ERRORS.wrongPassword);
      if (newEmail === user.email) throw new AppError(400, AUTH_ERRORS.validation, RECOVERY_ERRORS.sameEmail);
      const taken = await users.findByEmail(newEmail);
      const { token, hash } = newLinkToken();
      if (taken) {
        const mail = await renderMail(emailChangeTakenTemplate, { newEmail, resetUrl: resetUrl() });
        await outbox.enqueue({ key: `email-change-taken:${hash}`, kind: 'email-change-taken', to: newEmail, ...mail });
      } else {
        const mail = await renderMail(emailChangeTemplate, {
          oldEmail: user.email,
          newEmail,
          link: pageUrl('/confirm-email-change', { token }),
          validHours: String(policy.emailChangeTtlHours),
        });
        await db.transaction().execute(async (trx) => {
          await links.create(
            { token_hash: hash, purpose: 'email-change', user_id: user.id, email: user.email, new_email: newEmail, expires_at: new Date(Date.now() + policy.emailChangeTtlHours * 3_600_000) },
            trx,
          );
          await outbox.enqueue({ key: `email-change:${hash}`, kind: 'email-change', to: newEmail, ...mail }, trx);
        });
      }
      delivery.nudge();
    },

    /** Makes the link's new address the account's address, and tells the old address. */
    async confirmEmailChange(token: string): Promise<string> {
      await linkOwner(token, 'email-change');
      try {
        const changed = await db.transaction().execute(async (trx) => {
          const { link, owner } = await consume(trx, token, 'email-change');
          const newEmail = link.new_email!;
          if (await users.findByEmail(newEmail, trx)) throw new AppError(409, LINK_ERRORS.emailTaken, RECOVERY_ERRORS.emailTaken);
          await trx.updateTable('users').set({ email: newEmail, email_verified_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', owner.id).execute();
          // Links made for the old address open nothing now (judgeLink compares addresses); the networks the
          // owner signed in from stay known under the new one.
          await sql`insert into login_known_addresses (email, address, last_success_at)
            select ${newEmail}, address, last_success_at from login_known_addresses where email = ${owner.email}
            on conflict do nothing`.execute(trx);
          await trx.deleteFrom('login_known_addresses').where('email', '=', owner.email).execute();
          const notice = await renderMail(emailChangedTemplate, { oldEmail: owner.email, newEmail, when: mailDate(new Date()), support: policy.supportEmail });
          await outbox.enqueue({ key: `email-changed:${hashLinkToken(token)}`, kind: 'email-changed', to: owner.email, ...notice }, trx);
          return newEmail;
        });
        delivery.nudge();
        return changed;
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) throw new AppError(409, LINK_ERRORS.emailTaken, RECOVERY_ERRORS.emailTaken);
        throw error;
      }
    },

    /**
     * Tells the owner that strangers are failing to sign in to the account: once per window of failed sign-ins
     * (the outbox keeps the first message of a key), however many attempts fail in it.
     */
    async noticeAttack(user: UserRow, window: { window_started_at: Date; failures: number }): Promise<void> {
      try {
        const mail = await renderMail(accountAttackedTemplate, {
          email: user.email,
          failures: String(window.failures),
          since: mailDate(window.window_started_at),
          windowMinutes: String(policy.attackWindowMinutes),
          signInUrl: pageUrl(user.role === 'admin' ? '/admin' : '/bias-detection'),
          resetUrl: resetUrl(),
        });
        if (await outbox.enqueue({ key: attackNoticeKey(user.id, window.window_started_at), kind: 'account-attacked', to: user.email, ...mail })) delivery.nudge();
      } catch (error) {
        app.log.error({ err: error, userId: user.id }, 'could not queue the notice of an attack');
      }
    },
  };
}
export type Recovery = ReturnType<typeof createRecovery>;
