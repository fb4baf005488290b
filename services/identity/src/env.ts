import { z } from 'zod';
import { baseConfigSchema } from '@keisha/service-kit';
import { normalizeEmailAddress } from './domain/email.ts';

export const identityConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4001),
  /** Shared by our services for service-to-service questions; without it, .data/internal-api-token (made at first start). */
  INTERNAL_API_TOKEN: z.string().min(32).optional(),
  /** Waitlist joins per minute per client address. */
  WAITLIST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** Sign-in and registration attempts per minute per client address. */
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** "Download your data" files one replica builds and sends at once (each on its disk until sent); one per account always. */
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().positive().default(4),
  /** Where "Download your data" files are written before they are sent (unset: the system's temporary directory). */
  EXPORT_SPOOL_DIR: z.string().min(1).optional(),
  /** A "Download your data" answer whose reader takes no byte of it for this long is cut, freeing its place and disk. */
  EXPORT_SEND_STALL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Accounts one client address may create per UTC day (on top of LOGIN_RATE_LIMIT_MAX a minute), counted in the database. */
  REGISTER_DAILY_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins of one account from one address before that address is refused for the window. */
  LOGIN_FAILURE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins of one account from all addresses before addresses that never signed in to it are refused. */
  LOGIN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(24 * 3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Send the refresh cookie only over HTTPS; turn on behind TLS. */
  COOKIE_SECURE: z.stringbool().default(false),
  /** An Ed25519 private key (PKCS#8 PEM) to sign with; without one, a key is made and kept in the database. */
  SIGNING_KEY_PEM: z.string().includes('PRIVATE KEY').optional(),
  /** The first administrator; without these, the first start makes one and prints its password once. */
  ADMIN_EMAIL: z.string().transform(normalizeEmailAddress).optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: 'ADMIN_PASSWORD must be at least 12 characters' }).optional(),
  // Mail (src/mail): without SMTP_URL every message is kept as an .eml file in the mail folder beside DATA_DIR.
  /** e.g. smtp://user:pass@smtp.example.org:587 or smtps://…:465; unset: messages are written to files. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Keisha <no-reply@keisha.local>'),
  /** The public site the links in messages open (the gateway's origin). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  /** Where messages are kept without SMTP_URL; default: `mail/` beside DATA_DIR (.data/mail). */
  MAIL_DIR: z.string().min(1).optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(1000),
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(60_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  /** Days the outbox keeps the bodies of messages it sent (or gave up on); subjects, addresses and states stay. */
  MAIL_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  MAIL_RETENTION_POLL_MS: z.coerce.number().int().min(100).default(3_600_000),
  MAIL_RETENTION_ENABLED: z.stringbool().default(true),
  /** How often identity deletes ended rows: failure windows, expired sign-in families, old links and counts (src/housekeeping). */
  HOUSEKEEPING_POLL_MS: z.coerce.number().int().min(100).default(600_000),
  HOUSEKEEPING_ENABLED: z.stringbool().default(true),
  VERIFY_EMAIL_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(48),
  VERIFY_EMAIL_RESEND_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  VERIFY_EMAIL_RESEND_PER_DAY: z.coerce.number().int().min(1).default(5),
  // Account recovery by mail (src/plugins/recovery.ts).
  /** How long a password-reset link works. */
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** How long a one-time sign-in/unlock link works. */
  UNLOCK_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** How long the link confirming a new address works. */
  EMAIL_CHANGE_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(24),
  /** Reset and sign-in link requests one client address may make per hour (then 429 with Retry-After). */
  LINK_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Reset links, sign-in links and e-mail changes per account per hour, each kind on its own (past it, no more mail). */
  LINK_REQUESTS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** Named in messages as the address to write to when something is wrong; support requests' notices go there. */
  SUPPORT_EMAIL: z.email().default('support@keisha.ai'),
  /** Support requests one account may send per hour (then 429 with Retry-After). */
  SUPPORT_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  // The daily newsletter (src/newsletter): billing says whose plan includes it, the decoder gives its content.
  BILLING_URL: z.url().default('http://127.0.0.1:4004'),
  DECODER_URL: z.url().default('http://127.0.0.1:4002'),
  /** The UTC hour from which the day's newsletter goes out. */
  NEWSLETTER_SEND_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
  /** How often each replica looks whether the day's newsletter is due. */
  NEWSLETTER_CHECK_MS: z.coerce.number().int().min(100).default(60_000),
  /** How long one replica holds the day's run before another may take it over; renewed at every page of readers. */
  NEWSLETTER_LEASE_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * How long the administrator's "Send today's now" waits for the run before it answers 202 and lets the run go on:
   * below the edge's wait for identity (10 s), so a long list never ends in 504.
   */
  NEWSLETTER_RUN_WAIT_MS: z.coerce.number().int().min(0).max(9000).default(5000),
  /** Readers a page: one question to billing and one to the decoder for each (their routes take up to 100). */
  NEWSLETTER_PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(100),
  /** The timer; off: nothing goes out unless an administrator presses "Send today's now". */
  NEWSLETTER_ENABLED: z.stringbool().default(true),
  // Receipts (src/receipts): billing's payments, cancellations and refunds mailed to the reader.
  /** How often each replica asks billing for new purchase events. */
  RECEIPTS_POLL_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long one replica holds the feed before another may take it over. */
  RECEIPTS_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  /** The timer; off: no receipts are mailed (the events wait in billing until it is on). */
  RECEIPTS_ENABLED: z.stringbool().default(true),
  // Deleting an account (src/erasure): the decoder, the chat and billing are asked to erase what they hold of it.
  CHAT_URL: z.url().default('http://127.0.0.1:4003'),
  /** How often each replica looks for erasures due (a deletion also starts one at once). */
  ERASURE_POLL_MS: z.coerce.number().int().min(100).default(15_000),
  /** How long after the first erasure each service is asked again, for what a request already under way wrote. */
  ERASURE_SETTLE_MS: z.coerce.number().int().min(0).default(60_000),
  /** How long a replica may take over one erasure call before another may ask instead. */
  ERASURE_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** The wait after a failed erasure call, doubling up to ERASURE_RETRY_MAX_MS. */
  ERASURE_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5_000),
  ERASURE_RETRY_MAX_MS: z.coerce.number().int().min(10).default(900_000),
  /** The timer; off: erasures wait in account_erasures until it is on. */
  ERASURE_ENABLED: z.stringbool().default(true),
  /** Key of the unsubscribe links' signatures; default: derived from identity's signing key. */
  NEWSLETTER_LINK_SECRET: z.string().min(32).optional(),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
