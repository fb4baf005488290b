// A reader deletes their account on /account (POST /api/auth/delete-account, with the password). In ONE transaction,
// on the account's locked row: identity's own data goes (the row, and by cascade its profile, sessions, links,
// newsletter subscription and deliveries, support requests; besides, the waitlist entry and remembered sign-in
// addresses of its address, and mail still waiting to go to it), the confirmation to the address is queued, and the
// other services' erasures are written (erasure.ts carries them out). The account's sessions end with its row: every
// service's session check is refused within about a second, and API keys, whose owner identity no longer knows, too.
//
// An administrator's account is not deleted here (the console would lose its last administrator, and an admin's
// actions are on record): it is refused with 409. An administrator may delete a reader's account from the console
// (deleteByAdministrator): the same transaction, with the address typed as the confirmation and its own mail.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { AUTH_ERRORS, AUTH_MESSAGES } from '@keisha/contracts/identity';
import { AppError } from '@keisha/service-kit';
import type { IdentityDatabase } from '../db/database.ts';
import { verifyPassword } from '../domain/passwords.ts';
import type { OutboxRepository } from '../mail/outbox.ts';
import { accountDeletedByAdministratorTemplate, accountDeletedTemplate } from '../mail/templates.ts';
import { renderMail, type RenderedMail } from '../mail/templates/render.ts';
import { mailDate } from '../mail/mail-date.ts';
import type { Erasure } from './erasure.ts';

export const ADMIN_ACCOUNT = 'ADMIN_ACCOUNT';

export interface AccountDeletionDeps {
  db: Kysely<IdentityDatabase>;
  outbox: OutboxRepository;
  erasure: Erasure;
  /** After the transaction: the mail and the erasures go now rather than at their next tick. */
  nudge: () => void;
}

export function createAccountDeletion(deps: AccountDeletionDeps, policy: { supportEmail: string }) {
  const { db } = deps;

  /**
   * The deletion itself, on the account's locked row. The mail is rendered before (not while the row is locked) for
   * the address the caller saw; an account whose address has changed since is not deleted.
   */
  async function remove(userId: string, email: string, notice: RenderedMail, by: 'reader' | 'administrator'): Promise<{ email: string }> {
    const byAdministrator = by === 'administrator';
    await db.transaction().execute(async (trx) => {
      // The row, locked: a second deletion at the same moment (two tabs, two administrators) waits here, then finds nothing.
      const locked = await trx.selectFrom('users').select(['id', 'email', 'role']).where('id', '=', userId).forUpdate().executeTakeFirst();
      if (!locked) throw byAdministrator ? new AppError(404, 'NOT_FOUND', 'No such account') : new AppError(401, 'UNAUTHENTICATED', 'This account no longer exists.');
      // Checked again under the lock: the role or the address may have changed since the caller looked.
      if (locked.role === 'admin') throw adminAccountError(byAdministrator);
      if (locked.email !== email) {
        throw byAdministrator
          ? new AppError(400, 'VALIDATION', 'The address you typed is not this account’s address.', { field: 'confirm_email' })
          : new AppError(409, 'CONFLICT', 'Your address changed a moment ago. Reload the page and try again.');
      }
      // The outbox's copies of mail to the address, sent or not (what was bought, the support answers, newsletters), and
      // the support inbox's notices of the reader's requests (they quote what the reader wrote). Only the deletion
      // notice queued below stays.
      const noticesOfRequests = trx
        .selectFrom('support_requests')
        .select(sql<string>`'support-notice:' || id::text`.as('key'))
        .where('user_id', '=', locked.id);
      await trx
        .deleteFrom('mail_outbox')
        .where((eb) => eb.or([eb('recipient', '=', locked.email), eb('dedupe_key', 'in', noticesOfRequests)]))
        .execute();
      await deps.outbox.enqueue({ key: `account-deleted:${locked.id}:${randomUUID()}`, kind: 'account-deleted', to: locked.email, ...notice }, trx);
      await trx.deleteFrom('waitlist').where('email', '=', locked.email).execute();
      await trx.deleteFrom('login_known_addresses').where('email', '=', locked.email).execute();
      await deps.erasure.queue(locked.id, trx);
      await trx.deleteFrom('users').where('id', '=', locked.id).execute();
    });
    deps.nudge();
    return { email };
  }

  return {
    /** The reader deletes their own account, with their password. */
    async deleteAccount(userId: string, password: string): Promise<{ email: string }> {
      const row = await db.selectFrom('users').select(['id', 'email', 'role', 'password_hash']).where('id', '=', userId).executeTakeFirst();
      if (!row || !(await verifyPassword(password, row.password_hash))) throw new AppError(401, AUTH_ERRORS.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
      if (row.role === 'admin') throw adminAccountError(false);
      const notice = await renderMail(accountDeletedTemplate, { email: row.email, when: mailDate(new Date()), support: policy.supportEmail });
      return remove(userId, row.email, notice, 'reader');
    },

    /**
     * An administrator deletes a reader's account from the console (a reader who asked support to, or an account
     * used for abuse). The administrator types the account's address as the confirmation: a wrong row in a long list
     * is not deleted by one click. Not their own account, and not another administrator's (remove the role first).
     */
    async deleteByAdministrator(adminId: string, userId: string, confirmEmail: string): Promise<{ email: string }> {
      if (adminId === userId) throw new AppError(400, 'VALIDATION', 'You cannot delete your own account from the console.');
      const notice = await renderMail(accountDeletedByAdministratorTemplate, { email: confirmEmail, when: mailDate(new Date()), support: policy.supportEmail });
      return remove(userId, confirmEmail, notice, 'administrator');
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;

function adminAccountError(byAdministrator: boolean): AppError {
  return new AppError(
    409,
    ADMIN_ACCOUNT,
    byAdministrator
      ? 'An administrator’s account cannot be deleted. Remove the administrator role first.'
      : 'An administrator’s account cannot be deleted here. Ask another administrator to remove your administrator role first.',
  );
}
