import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface WaitlistTable {
  id: Generated<string>;
  email: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: ColumnType<'user' | 'admin', 'user' | 'admin' | undefined, 'user' | 'admin'>;
  disabled_at: NullableTimestamp;
  sessions_valid_after: Timestamp;
  last_sign_in_at: NullableTimestamp;
  email_verified_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  username: string | null;
  avatar_url: string | null;
  website: string | null;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface SigningKeysTable {
  kid: string;
  private_key_pem: string;
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

export interface LoginKnownAddressesTable {
  email: string;
  address: string;
  last_success_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LoginFailuresTable {
  subject: string;
  window_started_at: Timestamp;
  failures: number;
}

export interface MailOutboxTable {
  id: Generated<string>;
  dedupe_key: string;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined, 'pending' | 'sent' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Extra headers as JSON text (the newsletter's List-Unsubscribe), or null. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bulk mail (the newsletter): sent after every other waiting message. */
  bulk: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface NewsletterSubscriptionsTable {
  user_id: string;
  subscribed: boolean;
  changed_at: Timestamp;
  changed_by: 'account' | 'link';
}

export interface NewsletterIssuesTable {
  id: Generated<string>;
  /** The UTC day, YYYY-MM-DD (text, so both drivers read it the same). */
  day: ColumnType<string, string, string>;
  subject: string;
  body: string;
  format: 'markdown' | 'text';
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewsletterDeliveriesTable {
  user_id: string;
  day: ColumnType<string, string, string>;
  kind: 'issue' | 'automatic';
  issue_id: string | null;
  subject: string;
  outbox_key: string;
  created_at: Timestamp;
}

/** A past day's newsletter counts, kept once its messages were settled (newsletter/issues.ts). */
export interface NewsletterDayTotalsTable {
  day: string;
  kind: 'issue' | 'automatic';
  issue_id: string | null;
  subject: string;
  recipients: number;
  sent: number;
  pending: number;
  failed: number;
  settled_at: Generated<Date>;
}

export interface NewsletterRunsTable {
  day: ColumnType<string, string, string>;
  locked_until: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  finished_at: NullableTimestamp;
  queued: ColumnType<number, number | undefined, number>;
}

/** How far identity has read another service's event feed (billing's purchase events, for receipts). */
export interface FeedCursorsTable {
  feed: string;
  cursor: string | null;
  locked_until: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  updated_at: NullableTimestamp;
}

/** One service's erasure of a deleted account (src/erasure). */
export interface AccountErasuresTable {
  user_id: string;
  service: 'decoder' | 'chat' | 'billing';
  requested_at: ColumnType<Date, string | undefined, never>;
  next_attempt_at: ColumnType<Date, string | Date | undefined, string | Date>;
  attempts: ColumnType<number, number | undefined, number>;
  passes: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  done_at: NullableTimestamp;
}

export interface SupportRequestsTable {
  id: Generated<string>;
  user_id: string;
  /** The sender's address when the request was sent. */
  email: string;
  subject: string;
  message: string;
  priority: boolean;
  /** The plan's label when the request was sent ('Decoder Annual'), or null: free, or billing could not say. */
  plan: string | null;
  status: ColumnType<'open' | 'answered', 'open' | 'answered' | undefined, 'open' | 'answered'>;
  created_at: Timestamp;
  answered_at: NullableTimestamp;
  answered_by: string | null;
  /** The answer an administrator wrote in the console (mailed to the reader); null while open or when answered by e-mail. */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type AccountLinkPurpose = 'password-reset' | 'email-change' | 'unlock';

export interface AccountLinksTable {
  token_hash: string;
  purpose: AccountLinkPurpose;
  user_id: string;
  /** The account's address when the link was made. */
  email: string;
  /** For an e-mail change: the address asked for (the link was sent there). */
  new_email: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface LinkRequestCountsTable {
  subject: string;
  window_started_at: Timestamp;
  used: number;
}

export interface SignupsPerAddressTable {
  address: string;
  day: ColumnType<string, string, string>;
  used: number;
}

export interface IdentityDatabase {
  newsletter_day_totals: NewsletterDayTotalsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_runs: NewsletterRunsTable;
  feed_cursors: FeedCursorsTable;
  account_erasures: AccountErasuresTable;
  mail_outbox: MailOutboxTable;
  support_requests: SupportRequestsTable;
  email_verifications: EmailVerificationsTable;
  waitlist: WaitlistTable;
  users: UsersTable;
  profiles: ProfilesTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  signups_per_address: SignupsPerAddressTable;
  account_links: AccountLinksTable;
  link_request_counts: LinkRequestCountsTable;
}

export type WaitlistRow = Selectable<WaitlistTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type AccountLinkRow = Selectable<AccountLinksTable>;
export type NewsletterIssueRow = Selectable<NewsletterIssuesTable>;
export type SupportRequestRow = Selectable<SupportRequestsTable>;
