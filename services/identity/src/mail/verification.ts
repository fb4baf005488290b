// Verification links: a random token mailed to the address, kept only as its hash, used once, expiring.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '@keisha/service-kit';
import type { IdentityDatabase, UserRow } from '../db/database.ts';
import type { OutboxRepository } from './outbox.ts';
import { verifyEmailMail } from './templates.ts';

export const VERIFY_MESSAGES = {
  invalid: 'This confirmation link is not valid. Please use the latest link we sent you.',
  used: 'This confirmation link has already been used.',
  expired: 'This confirmation link has expired. Sign in and ask for a new one.',
  alreadyVerified: 'Your e-mail address is already confirmed.',
  tooSoon: 'We have just sent you a link. Please wait a minute before asking for another one.',
  tooMany: 'We have sent you several links today. Please use one of them, or try again tomorrow.',
} as const;

export interface VerificationPolicy {
  publicUrl: string;
  ttlHours: number;
  resendIntervalMs: number;
  resendPerDay: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createVerification(db: Kysely<IdentityDatabase>, outbox: OutboxRepository, policy: VerificationPolicy) {
  /** Queues a verification message for the account, in the caller's transaction. */
  async function queue(user: Pick<UserRow, 'id' | 'email'>, trx: Transaction<IdentityDatabase>, reason: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    await trx
      .insertInto('email_verifications')
      .values({ token_hash: tokenHash, user_id: user.id, email: user.email, expires_at: new Date(Date.now() + policy.ttlHours * 3_600_000) })
      .execute();
    const link = new URL('/verify-email', policy.publicUrl);
    link.searchParams.set('token', token);
    const mail = await verifyEmailMail({ link: link.toString(), email: user.email, validHours: policy.ttlHours });
    await outbox.enqueue({ key: `verify-email:${user.id}:${reason}`, kind: 'verify-email', to: user.email, ...mail }, trx);
  }

  return {
    /** For account creation: one message per account (the key makes a retried transaction queue it once). */
    queueForNewAccount: (user: Pick<UserRow, 'id' | 'email'>, trx: Transaction<IdentityDatabase>) => queue(user, trx, 'signup'),

    /** Confirms the address behind a link's token; refuses unknown, used and expired links. */
    async verify(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
        if (!row) throw new AppError(400, 'INVALID_LINK', VERIFY_MESSAGES.invalid);
        if (row.used_at) throw new AppError(409, 'LINK_USED', VERIFY_MESSAGES.used);
        if (row.expires_at.getTime() <= Date.now()) throw new AppError(410, 'LINK_EXPIRED', VERIFY_MESSAGES.expired);
        await trx.updateTable('email_verifications').set({ used_at: sql`now()` }).where('token_hash', '=', tokenHash).execute();
        // Only the address the link was sent to: a link for an address since changed confirms nothing.
        const updated = await trx
          .updateTable('users')
          .set({ email_verified_at: sql`coalesce(email_verified_at, now())` })
          .where('id', '=', row.user_id)
          .where('email', '=', row.email)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw new AppError(400, 'INVALID_LINK', VERIFY_MESSAGES.invalid);
      });
    },

    /** A new link for a signed-in reader who has not confirmed yet: at most one a minute and a few a day. */
    async resend(user: UserRow): Promise<void> {
      if (user.email_verified_at) throw new AppError(409, 'ALREADY_VERIFIED', VERIFY_MESSAGES.alreadyVerified);
      await db.transaction().execute(async (trx) => {
        // One resend at a time per account, so two quick clicks cannot both pass the count.
        await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
        const recent = await trx
          .selectFrom('email_verifications')
          .select([(eb) => eb.fn.countAll<string>().as('today'), (eb) => eb.fn.max('created_at').as('latest')])
          .where('user_id', '=', user.id)
          .where('created_at', '>', new Date(Date.now() - 86_400_000))
          .executeTakeFirstOrThrow();
        const latest = recent.latest ? new Date(recent.latest as Date | string).getTime() : 0;
        if (Date.now() - latest < policy.resendIntervalMs) throw new AppError(429, 'RATE_LIMITED', VERIFY_MESSAGES.tooSoon);
        if (Number(recent.today) >= policy.resendPerDay) throw new AppError(429, 'RATE_LIMITED', VERIFY_MESSAGES.tooMany);
        await queue(user, trx, `resend:${Date.now()}`);
      });
    },
  };
}
export type Verification = ReturnType<typeof createVerification>;
