// A reader's copy of their data (GET /api/auth/export-data; docs/identity.md, "Downloading your data"). identity
// reads its own rows about the account and asks the decoder, the chat and billing for theirs over their internal
// export routes (internal token), all at once. The file is whole or not at all: when one service cannot answer, the
// reader gets 503 naming what could not be gathered, never a copy that silently lacks their conversations.
//
// Never in the file: password and token hashes, one-time link tokens, and the bodies of the mail sent to the
// account (a reset or sign-in link in a mail body would still work while the file lies in a downloads folder); the
// mail is listed by kind, subject and dates instead.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { internalAccountExportPath as decoderPath } from '@keisha/contracts/decoder';
import { internalAccountExportPath as chatPath } from '@keisha/contracts/chat';
import { internalAccountExportPath as billingPath } from '@keisha/contracts/billing';
import type { AccountExportDocument } from '@keisha/contracts/identity/schemas';
import { accountExportPart } from '@keisha/contracts/schemas';
import { AppError, INTERNAL_TOKEN_HEADER, tracedFetch } from '@keisha/service-kit';
import type { IdentityDatabase } from '../db/database.ts';

export type ExportingService = 'decoder' | 'chat' | 'billing';
export const EXPORTING_SERVICES: readonly ExportingService[] = ['decoder', 'chat', 'billing'];
const PATHS: Record<ExportingService, (userId: string) => string> = { decoder: decoderPath, chat: chatPath, billing: billingPath };
/** What the reader is told could not be gathered, by service. */
const WHAT: Record<ExportingService, string> = {
  decoder: 'Your News Decoder history and API keys',
  chat: 'Your chat conversations',
  billing: 'Your plans and payments',
};
export const EXPORT_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const EXPORT_FORMAT = 'keisha-account-export/1' as const;

type Section = AccountExportDocument['identity'];

export interface AccountExportDeps {
  db: Kysely<IdentityDatabase>;
  internalToken: () => string | undefined;
  log: FastifyBaseLogger;
}

export interface AccountExportPolicy {
  urls: Record<ExportingService, string>;
  timeoutMs?: number;
}

/** Dates as ISO strings, so the file reads the same from either database driver. */
function plain<Row extends Record<string, unknown>>(row: Row): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/** identity's own rows about the account, read in one transaction so they agree; null when the account is gone. */
export async function identitySection(db: Kysely<IdentityDatabase>, userId: string): Promise<Section | null> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('users')
      .select(['id', 'email', 'role', 'email_verified_at', 'last_sign_in_at', 'disabled_at', 'created_at', 'updated_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!account) return null;
    const { email } = account;
    const profile = await trx.selectFrom('profiles').select(['username', 'avatar_url', 'website', 'updated_at']).where('id', '=', userId).execute();
    // One row per sign-in (a refresh-token family is one device's session, rotated on each refresh).
    const { rows: sessions } = await sql<{ signed_in_at: Date; last_refreshed_at: Date; expires_at: Date; ended_at: Date | null }>`
      select min(created_at) as signed_in_at, max(created_at) as last_refreshed_at, max(expires_at) as expires_at,
             max(revoked_at) as ended_at
      from refresh_tokens where user_id = ${userId} group by family_id order by min(created_at)`.execute(trx);
    const newsletter = await trx.selectFrom('newsletter_subscriptions').select(['subscribed', 'changed_at', 'changed_by']).where('user_id', '=', userId).execute();
    const newsletterMail = await trx
      .selectFrom('newsletter_deliveries')
      .select(['day', 'kind', 'subject', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const support = await trx
      .selectFrom('support_requests')
      .select(['id', 'email', 'subject', 'message', 'priority', 'plan', 'status', 'created_at', 'answered_at', 'reply'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const waitlist = await trx.selectFrom('waitlist').select(['email', 'created_at']).where('email', '=', email).execute();
    const addresses = await trx.selectFrom('login_known_addresses').select(['address', 'last_success_at']).where('email', '=', email).orderBy('last_success_at').execute();
    const verifications = await trx
      .selectFrom('email_verifications')
      .select(['email', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const links = await trx
      .selectFrom('account_links')
      .select(['purpose', 'email', 'new_email', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const mail = await trx
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'subject', 'status', 'created_at', 'sent_at'])
      .where('recipient', '=', email)
      .orderBy('created_at')
      .execute();
    return {
      account: [plain(account)],
      profile: profile.map(plain),
      sessions: sessions.map(plain),
      newsletter_subscription: newsletter.map(plain),
      newsletter_mail: newsletterMail.map(plain),
      support_requests: support.map(plain),
      waitlist: waitlist.map(plain),
      sign_in_addresses: addresses.map(plain),
      address_confirmations: verifications.map(plain),
      account_links: links.map(plain),
      mail: mail.map(plain),
    };
  });
}

export function createAccountExport(deps: AccountExportDeps, policy: AccountExportPolicy) {
  const timeoutMs = policy.timeoutMs ?? 10_000;

  async function ask(service: ExportingService, userId: string): Promise<Section> {
    const token = deps.internalToken();
    if (!token) throw new Error('no internal token to ask the services with');
    const response = await tracedFetch(
      new URL(PATHS[service](userId), policy.urls[service]),
      { headers: { [INTERNAL_TOKEN_HEADER]: token }, signal: AbortSignal.timeout(timeoutMs) },
      { route: `/internal/${service}/accounts/:user_id/export` },
    );
    if (!response.ok) throw new Error(`${service} answered ${response.status}`);
    return accountExportPart.parse(await response.json()).data;
  }

  return {
    /** The whole file, or a 503 naming the parts that could not be gathered. */
    async exportAccount(userId: string): Promise<AccountExportDocument> {
      const [own, ...parts] = await Promise.all([
        identitySection(deps.db, userId),
        ...EXPORTING_SERVICES.map((service) =>
          ask(service, userId).catch((error: unknown) => {
            deps.log.warn({ err: error, userId, service }, 'account export: a service could not give its part');
            return service;
          }),
        ),
      ]);
      if (!own) throw new AppError(401, 'UNAUTHENTICATED', 'This account no longer exists.');
      const missing = parts.filter((part): part is ExportingService => typeof part === 'string');
      if (missing.length > 0) {
        throw new AppError(503, EXPORT_UNAVAILABLE, unavailableMessage(missing), { services: missing }, { retryAfterSeconds: 60 });
      }
      const [decoder, chat, billing] = parts as [Section, Section, Section];
      return { success: true, format: EXPORT_FORMAT, exported_at: new Date().toISOString(), account_id: userId, identity: own, decoder, chat, billing };
    },
  };
}
export type AccountExport = ReturnType<typeof createAccountExport>;

/** "Your chat conversations could not be gathered just now. ..." naming each missing part. */
export function unavailableMessage(missing: readonly ExportingService[]): string {
  const names = missing.map((service, index) => (index === 0 ? WHAT[service] : WHAT[service].replace(/^Your /, 'your ')));
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${list} could not be gathered just now. Nothing was downloaded; try again in a minute.`;
}
