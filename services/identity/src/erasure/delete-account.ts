// A reader deletes their account on /account (POST /api/auth/delete-account, with the password). In ONE transaction,
// on the account's locked row: identity's own data goes (the row, and by cascade its profile, sessions, links,
// newsletter subscription and deliveries, support requests; besides, the waitlist entry and remembered sign-in
// addresses of its address, and mail still waiting to go to it), the confirmation to the address is queued, and the
// other services' erasures are written (erasure.ts carries them out). The account's sessions end with its row: every
// service's session check is refused within about a second, and API keys, whose owner identity no longer knows, too.
//
// An administrator's account is not deleted here (the console would lose its last administrator, and an admin's
// actions are on record): it is refused with 409.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AUTH_ERRORS, AUTH_MESSAGES } from '@keisha/contracts/identity';
import { AppError } from '@keisha/service-kit';
import type { IdentityDatabase } from '../db/database.ts';
import { verifyPassword } from '../domain/passwords.ts';
import type { OutboxRepository } from '../mail/outbox.ts';
import { accountDeletedTemplate } from '../mail/templates.ts';
import { renderMail } from '../mail/templates/render.ts';
import { mailDate } from '../plugins/recovery.ts';
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
  return {
    async deleteAccount(userId: string, password: string): Promise<{ email: string }> {
      const row = await db.selectFrom('users').select(['id', 'email', 'role', 'password_hash']).where('id', '=', userId).executeTakeFirst();
      if (!row || !(await verifyPassword(password, row.password_hash))) throw new AppError(401, AUTH_ERRORS.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
      if (row.role === 'admin') {
        throw new AppError(409, ADMIN_ACCOUNT, 'An administrator’s account cannot be deleted here. Ask another administrator to remove your administrator role first.');
      }
      const notice = await renderMail(accountDeletedTemplate, { email: row.email, when: mailDate(new Date()), support: policy.supportEmail });
      await db.transaction().execute(async (trx) => {
        // The row, locked: a second deletion at the same moment (two tabs) waits here, then finds nothing.
        const locked = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
        if (!locked) throw new AppError(401, 'UNAUTHENTICATED', 'This account no longer exists.');
        await trx.deleteFrom('mail_outbox').where('recipient', '=', locked.email).where('status', '=', 'pending').execute();
        await deps.outbox.enqueue({ key: `account-deleted:${locked.id}:${randomUUID()}`, kind: 'account-deleted', to: locked.email, ...notice }, trx);
        await trx.deleteFrom('waitlist').where('email', '=', locked.email).execute();
        await trx.deleteFrom('login_known_addresses').where('email', '=', locked.email).execute();
        await deps.erasure.queue(locked.id, trx);
        await trx.deleteFrom('users').where('id', '=', locked.id).execute();
      });
      deps.nudge();
      return { email: row.email };
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
