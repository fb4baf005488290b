import type { MigrationSet } from '@keisha/service-kit';
import * as createDemoRequests from './2026112101_create_enterprise_demo_requests.ts';
import * as uniqueDemoRequestEmail from './2026112102_unique_demo_request_email.ts';
import * as createSubscriptions from './2026112103_create_subscriptions.ts';
import * as createPayments from './2026112104_create_payments.ts';
import * as billingAccountLocks from './2026112701_billing_account_locks.ts';
import * as billingPaypalSandbox from './2026112702_billing_paypal_sandbox.ts';
import * as purchaseEventFeed from './2026120201_purchase_event_feed.ts';
import * as billingAccountErasure from './2026120301_billing_account_erasure.ts';
import * as erasedAccountPaymentReturns from './2026120401_erased_account_payment_returns.ts';
import * as paymentEventsSalesIdx from './2026120501_payment_events_sales_idx.ts';
import * as demoRequestLowerEmail from './2026120502_demo_request_lower_email.ts';
import * as subscriptionsProductTierStatus from './2026120503_subscriptions_product_tier_status.ts';
import * as demoRequestsNewest from './2026120504_demo_requests_newest.ts';

export const migrations: MigrationSet = {
  '2026112101_create_enterprise_demo_requests': createDemoRequests,
  '2026112102_unique_demo_request_email': uniqueDemoRequestEmail,
  '2026112103_create_subscriptions': createSubscriptions,
  '2026112104_create_payments': createPayments,
  '2026112701_billing_account_locks': billingAccountLocks,
  '2026112702_billing_paypal_sandbox': billingPaypalSandbox,
  '2026120201_purchase_event_feed': purchaseEventFeed,
  '2026120301_billing_account_erasure': billingAccountErasure,
  '2026120401_erased_account_payment_returns': erasedAccountPaymentReturns,
  '2026120501_payment_events_sales_idx': paymentEventsSalesIdx,
  '2026120502_demo_request_lower_email': demoRequestLowerEmail,
  '2026120503_subscriptions_product_tier_status': subscriptionsProductTierStatus,
  '2026120504_demo_requests_newest': demoRequestsNewest,
};
