import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PaymentProviderName, SubscriptionStatus } from '@keisha/contracts/billing';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  product: 'decoder' | 'chat';
  tier: string;
  status: SubscriptionStatus;
  provider: PaymentProviderName;
  provider_ref: string | null;
  current_period_end: NullableTimestamp;
  lifetime: ColumnType<boolean, boolean | undefined, boolean>;
  payment_method: 'bitcoin' | 'cashapp' | 'paypal' | null;
  amount_cents: number | null;
  currency: 'USD' | null;
  email: string | null;
  return_url: string | null;
  cancel_url: string | null;
  checkout_url: string | null;
  failure_reason: string | null;
  activated_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  id: Generated<string>;
  /** sandbox | coinbase | paypal | cashapp, or 'account' for what a buyer or an administrator did. */
  provider: string;
  event_id: string;
  event_type: string;
  subscription_id: string | null;
  resource_ref: string | null;
  outcome: string;
  /** The account that acted (admin approvals, cancellations). */
  actor: string | null;
  received_at: Timestamp;
  /** The event's place in the purchase-event feed (migration 2026120201): null for events recorded before it. */
  feed_seq: ColumnType<string | null, never, never>;
  /** The id (xid8) of the transaction that recorded it, as text; null before the feed existed. */
  feed_tx: ColumnType<string | null, never, never>;
}

export interface BillingSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface EnterpriseDemoRequestsTable {
  id: Generated<string>;
  email: string;
  created_at: Timestamp;
}

/** The row a purchase start locks while it counts the account's recent starts; erasure marks it. */
export interface BillingAccountsTable {
  user_id: string;
  created_at: Timestamp;
  /** When the account was erased (deleted at identity): no purchase starts or activates after it. */
  erased_at: NullableTimestamp;
}

/** What PayPal would hold for one subscription, when billing stands in for PayPal (the sandbox). */
export interface PaypalSandboxSubscriptionsTable {
  id: string;
  plan_id: string;
  custom_id: string;
  subscriber_email: string | null;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'CANCELLED';
  next_billing_time: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An administrator's mark that money refused for a deleted account was sent back (one per purchase). */
export interface ErasedAccountPaymentReturnsTable {
  subscription_id: string;
  returned_at: Timestamp;
  /** The administrator's account id. */
  returned_by: string;
}

export interface BillingDatabase {
  subscriptions: SubscriptionsTable;
  billing_accounts: BillingAccountsTable;
  paypal_sandbox_subscriptions: PaypalSandboxSubscriptionsTable;
  payment_events: PaymentEventsTable;
  billing_secrets: BillingSecretsTable;
  enterprise_demo_requests: EnterpriseDemoRequestsTable;
  erased_account_payment_returns: ErasedAccountPaymentReturnsTable;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type PaypalSandboxSubscriptionRow = Selectable<PaypalSandboxSubscriptionsTable>;
export type PaymentEventRow = Selectable<PaymentEventsTable>;
