import cookie from '@fastify/cookie';
import type { FastifyServerOptions } from 'fastify';
import { createServiceApp, defaultDataDir, entitlementLookup, jwkToPem, lazyInternalToken, registerAuth, type DatabaseHandle, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { IdentityDatabase, UserRow } from './db/database.ts';
import type { IdentityConfig } from './env.ts';
import { createMail } from './mail/mailer.ts';
import { createAccounts } from './plugins/accounts.ts';
import { createBackgroundWork } from './plugins/background.ts';
import { createRecovery, type Recovery } from './plugins/recovery.ts';
import { loadKeyRing } from './plugins/signing-keys.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { adminOutboxRoutes } from './routes/admin/outbox.ts';
import { authRoutes } from './routes/auth/index.ts';
import { recoveryRoutes } from './routes/auth/recovery.ts';
import { verifyEmailRoutes } from './routes/auth/verify-email.ts';
import { jwksRoutes } from './routes/jwks/index.ts';
import { profileRoutes } from './routes/profiles/index.ts';
import { waitlistRoutes } from './routes/waitlist/index.ts';
import { internalRoutes } from './routes/internal/index.ts';
import { createNewsletter } from './newsletter/newsletter.ts';
import { newsletterIssues } from './newsletter/issues.ts';
import { unsubscribeTokens } from './newsletter/unsubscribe-token.ts';
import { newsletterRoutes } from './routes/newsletter/index.ts';
import { adminNewsletterRoutes } from './routes/admin/newsletter.ts';
import { adminSupportRoutes } from './routes/admin/support.ts';
import { supportRoutes } from './routes/support/index.ts';
import { createSupport } from './support/support.ts';
import { createReceipts } from './receipts/receipts.ts';
import { createAccountDeletion } from './erasure/delete-account.ts';
import { createHousekeeping } from './housekeeping/housekeeping.ts';
import { createErasure } from './erasure/erasure.ts';
import { createAccountExport } from './export/account-export.ts';
import { createExportGate } from './export/export-gate.ts';
import { deleteAccountRoutes } from './routes/auth/delete-account.ts';
import { exportDataRoutes } from './routes/auth/export-data.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account behind the access token, read from the database by `authenticate`. */
    account?: UserRow;
  }
}

export async function buildIdentityApp(
  config: IdentityConfig,
  database: DatabaseHandle<any>,
  logger?: FastifyServerOptions['logger'],
  announce: (text: string) => void = (text) => process.stderr.write(text),
): Promise<ServiceApp> {
  const db = database.db as Kysely<IdentityDatabase>;
  const keys = await loadKeyRing(db, config.SIGNING_KEY_PEM);
  const internalToken = lazyInternalToken(config, import.meta.dirname, 'identity');
  return createServiceApp({
    name: 'identity',
    description: 'Accounts, sign-in, sessions, profiles, the waitlist and the admin API.',
    config,
    database,
    logger,
    // Every service checks its readers' sessions here from one address: never throttled as one client.
    internalToken,
    routes: async (app) => {
      await app.register(cookie);
      const mail = createMail(app, db, {
        from: config.MAIL_FROM,
        smtpUrl: config.SMTP_URL,
        dataDir: config.DATA_DIR ?? defaultDataDir(import.meta.dirname, 'identity'),
        mailDir: config.MAIL_DIR,
        delivery: {
          pollMs: config.MAIL_POLL_MS,
          leaseMs: config.MAIL_LEASE_MS,
          maxAttempts: config.MAIL_MAX_ATTEMPTS,
          retryBaseMs: config.MAIL_RETRY_BASE_MS,
          retryMaxMs: config.MAIL_RETRY_MAX_MS,
        },
        verification: {
          publicUrl: config.PUBLIC_URL,
          ttlHours: config.VERIFY_EMAIL_TTL_HOURS,
          resendIntervalMs: config.VERIFY_EMAIL_RESEND_INTERVAL_SECONDS * 1000,
          resendPerDay: config.VERIFY_EMAIL_RESEND_PER_DAY,
        },
        retention: { retentionDays: config.MAIL_BODY_RETENTION_DAYS, everyMs: config.MAIL_RETENTION_POLL_MS, timer: config.MAIL_RETENTION_ENABLED },
      });
      const accounts = createAccounts(app, db, keys, {
        onAccountCreated: (row, trx) => mail.verification.queueForNewAccount(row, trx),
        afterAccountCreated: () => mail.delivery.nudge(),
        accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
        throttle: {
          limit: config.LOGIN_FAILURE_LIMIT,
          windowMs: config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
          accountLimit: config.LOGIN_ACCOUNT_FAILURE_LIMIT,
        },
        signupDailyLimit: config.REGISTER_DAILY_LIMIT_PER_ADDRESS,
        onAccountAttacked: (row, window) => recovery.noticeAttack(row, window),
        onPasswordChanged: (row, trx) => recovery.queuePasswordChangedOnAccount(row, trx),
        afterPasswordChanged: () => mail.delivery.nudge(),
      });
      // Rows that have ended (failure windows, expired sign-in families, old links and counts), deleted on a timer.
      const housekeeping = createHousekeeping(
        db,
        { loginFailureWindowMs: config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000, everyMs: config.HOUSEKEEPING_POLL_MS, timer: config.HOUSEKEEPING_ENABLED },
        app.log,
      );
      app.addHook('onReady', async () => housekeeping.start());
      app.addHook('onClose', () => housekeeping.stop());
      const background = createBackgroundWork(app.log);
      app.addHook('onClose', () => background.drain());
      const recovery: Recovery = createRecovery(app, db, { outbox: mail.outbox, delivery: mail.delivery, accounts, background }, {
        publicUrl: config.PUBLIC_URL,
        supportEmail: config.SUPPORT_EMAIL,
        resetTtlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
        unlockTtlMinutes: config.UNLOCK_LINK_TTL_MINUTES,
        emailChangeTtlHours: config.EMAIL_CHANGE_TTL_HOURS,
        perAddressLimit: config.LINK_REQUESTS_PER_ADDRESS_PER_HOUR,
        perAccountLimit: config.LINK_REQUESTS_PER_ACCOUNT_PER_HOUR,
        requestWindowMs: 3_600_000,
        attackWindowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
      });
      // Identity verifies its own tokens with its key ring, and also asks the database whether the
      // account is still enabled and signed in: it is the one service that can.
      // Each key's PEM is made once: a new reader's first token would otherwise convert it again.
      const pems = new Map([...keys.byKid].map(([kid, key]) => [kid, jwkToPem(key.publicJwk)]));
      await registerAuth(app, {
        keys: async (kid) => {
          const pem = kid ? pems.get(kid) : undefined;
          if (!pem) throw new Error('unknown signing key');
          return pem;
        },
        privateKey: keys.current.privateKeyPem,
        check: async (claims, request) => {
          const account = await accounts.accountForClaims(claims);
          request.account = account;
          request.user = { ...claims, role: account.role }; // the database, not the token, says who is admin now
        },
      });
      await accounts.ensureFirstAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, announce);
      await app.register(waitlistRoutes, { rateLimitMax: config.WAITLIST_RATE_LIMIT_MAX });
      await app.register(jwksRoutes, { keys });
      await app.register(authRoutes, { accounts, cookieSecure: config.COOKIE_SECURE, loginRateLimitMax: config.LOGIN_RATE_LIMIT_MAX });
      await app.register(profileRoutes);
      await app.register(adminOutboxRoutes, { outbox: mail.outbox, nudge: () => mail.delivery.nudge() });
      await app.register(verifyEmailRoutes, { mail, rateLimitMax: config.LOGIN_RATE_LIMIT_MAX });
      await app.register(recoveryRoutes, { recovery, cookieSecure: config.COOKIE_SECURE, rateLimitMax: config.LOGIN_RATE_LIMIT_MAX });
      await app.register(internalRoutes, { internalToken: internalToken(), accounts });
      // The daily newsletter: billing says whose plan includes it, the decoder gives the automatic issue.
      const decoderPlan = entitlementLookup<string>(config.BILLING_URL, { read: (entitlement) => entitlement.decoder_tier, isFree: (tier) => tier === 'free', internalToken, log: app.log });
      const newsletter = createNewsletter(
        {
          db,
          outbox: mail.outbox,
          nudge: () => mail.delivery.nudge(),
          planOf: (userId, bearer) => decoderPlan({ userId, bearer: bearer ?? '' }),
          internalToken,
          tokens: unsubscribeTokens(config.NEWSLETTER_LINK_SECRET ?? keys.current.privateKeyPem),
          log: app.log,
        },
        {
          publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
          billingUrl: config.BILLING_URL,
          decoderUrl: config.DECODER_URL,
          pageSize: config.NEWSLETTER_PAGE_SIZE,
          sendHourUtc: config.NEWSLETTER_SEND_HOUR_UTC,
          checkMs: config.NEWSLETTER_CHECK_MS,
          leaseMs: config.NEWSLETTER_LEASE_MS,
          timer: config.NEWSLETTER_ENABLED,
        },
      );
      app.addHook('onReady', async () => newsletter.start());
      app.addHook('onClose', () => newsletter.stop());
      await app.register(newsletterRoutes, { newsletter, rateLimitMax: config.LOGIN_RATE_LIMIT_MAX });
      // Receipts: billing's payments, cancellations and refunds, pulled from its feed and mailed (src/receipts).
      const receipts = createReceipts(
        { db, outbox: mail.outbox, nudge: () => mail.delivery.nudge(), internalToken, log: app.log },
        {
          billingUrl: config.BILLING_URL,
          publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
          supportEmail: config.SUPPORT_EMAIL,
          pollMs: config.RECEIPTS_POLL_MS,
          leaseMs: config.RECEIPTS_LEASE_MS,
          timer: config.RECEIPTS_ENABLED,
        },
      );
      app.addHook('onReady', async () => receipts.start());
      app.addHook('onClose', () => receipts.stop());
      // Deleting an account: identity's rows at once, the other services' through erasures retried until done (src/erasure).
      const erasure = createErasure(
        {
          db,
          internalToken,
          log: app.log,
          calls: app.metrics.counter('identity_account_erasure_calls_total', 'Calls asking a service to erase a deleted account, by service and outcome.', ['service', 'outcome']),
        },
        {
          urls: { decoder: config.DECODER_URL, chat: config.CHAT_URL, billing: config.BILLING_URL },
          pollMs: config.ERASURE_POLL_MS,
          settleMs: config.ERASURE_SETTLE_MS,
          leaseMs: config.ERASURE_LEASE_MS,
          retryBaseMs: config.ERASURE_RETRY_BASE_MS,
          retryMaxMs: config.ERASURE_RETRY_MAX_MS,
          timer: config.ERASURE_ENABLED,
        },
      );
      app.addHook('onReady', async () => erasure.start());
      app.addHook('onClose', () => erasure.stop());
      const deletion = createAccountDeletion(
        { db, outbox: mail.outbox, erasure, nudge: () => (mail.delivery.nudge(), erasure.nudge()) },
        { supportEmail: config.SUPPORT_EMAIL },
      );
      await app.register(deleteAccountRoutes, { deletion, cookieSecure: config.COOKIE_SECURE, rateLimitMax: config.LOGIN_RATE_LIMIT_MAX });
      // The console's accounts, with the administrator's deletion of a reader's account.
      await app.register(adminRoutes, { accounts, deletion });
      // The reader's copy of their data: identity's rows and the other services' parts, whole or a 503 (src/export).
      const exporter = createAccountExport(
        { db, internalToken, log: app.log },
        { urls: { decoder: config.DECODER_URL, chat: config.CHAT_URL, billing: config.BILLING_URL }, ...(config.EXPORT_SPOOL_DIR ? { spoolDir: config.EXPORT_SPOOL_DIR } : {}) },
      );
      await app.register(exportDataRoutes, {
        exporter,
        gate: createExportGate(config.EXPORT_MAX_CONCURRENT),
        rateLimitMax: config.LOGIN_RATE_LIMIT_MAX,
        sendStallMs: config.EXPORT_SEND_STALL_SECONDS * 1000,
      });
      await app.register(adminNewsletterRoutes, { newsletter, issues: newsletterIssues(db), sendHourUtc: config.NEWSLETTER_SEND_HOUR_UTC, runWaitMs: config.NEWSLETTER_RUN_WAIT_MS });
      // Support requests: the same plan lookup says who has priority (Monthly and Annual).
      const support = createSupport(
        { db, outbox: mail.outbox, nudge: () => mail.delivery.nudge(), planOf: (userId, bearer) => decoderPlan({ userId, bearer }), log: app.log },
        { inbox: config.SUPPORT_EMAIL, publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''), perAccountLimit: config.SUPPORT_REQUESTS_PER_HOUR, windowMs: 3_600_000 },
      );
      await app.register(supportRoutes, { support, rateLimitMax: config.LOGIN_RATE_LIMIT_MAX });
      await app.register(adminSupportRoutes, { support });
    },
  });
}
