import type { MigrationSet } from '@keisha/service-kit';
import * as createWaitlist from './2026112101_create_waitlist.ts';
import * as createAccounts from './2026112102_create_accounts.ts';
import * as loginKnownAddresses from './2026112401_login_known_addresses.ts';
import * as signupCapsAndEmailForm from './2026112702_signup_caps_and_email_form.ts';
import * as mailOutbox from './2026112703_mail_outbox.ts';
import * as accountsLinks from './2026112704_accounts_links.ts';
import * as confirmEarlierAccounts from './2026112705_confirm_earlier_accounts.ts';
import * as newsletter from './2026112706_newsletter.ts';
import * as supportRequests from './2026120101_support_requests.ts';
import * as billingReceipts from './2026120202_billing_receipts.ts';
import * as accountErasures from './2026120301_account_erasures.ts';
import * as supportReplies from './2026120401_support_replies.ts';
import * as mailOutboxRetention from './2026120402_mail_outbox_retention.ts';
import * as mailOutboxBulk from './2026120501_mail_outbox_bulk.ts';
import * as newsletterDeliveriesIssue from './2026120502_newsletter_deliveries_issue.ts';
import * as mailOutboxRecipient from './2026120503_mail_outbox_recipient.ts';
import * as housekeepingIndexes from './2026120601_housekeeping_indexes.ts';
import * as newsletterDayTotals from './2026120602_newsletter_day_totals.ts';

export const migrations: MigrationSet = {
  '2026112101_create_waitlist': createWaitlist,
  '2026112102_create_accounts': createAccounts,
  '2026112401_login_known_addresses': loginKnownAddresses,
  '2026112702_signup_caps_and_email_form': signupCapsAndEmailForm,
  '2026112703_mail_outbox': mailOutbox,
  '2026112704_accounts_links': accountsLinks,
  '2026112705_confirm_earlier_accounts': confirmEarlierAccounts,
  '2026112706_newsletter': newsletter,
  '2026120101_support_requests': supportRequests,
  '2026120202_billing_receipts': billingReceipts,
  '2026120301_account_erasures': accountErasures,
  '2026120401_support_replies': supportReplies,
  '2026120402_mail_outbox_retention': mailOutboxRetention,
  '2026120501_mail_outbox_bulk': mailOutboxBulk,
  '2026120502_newsletter_deliveries_issue': newsletterDeliveriesIssue,
  '2026120503_mail_outbox_recipient': mailOutboxRecipient,
  '2026120601_housekeeping_indexes': housekeepingIndexes,
  '2026120602_newsletter_day_totals': newsletterDayTotals,
};
