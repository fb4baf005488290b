// Contracts of the billing service (zod-free; browsers import this module).

export const BILLING_PATHS = {
  demoRequest: '/api/enterprise-demo-request',
  adminDemoRequests: '/api/billing/admin/demo-requests',
} as const;

/** Spec section 5: the email is required. */
export const DEMO_EMAIL_REQUIRED = 'Email is required';
export const DEMO_EMAIL_INVALID = 'Please enter a valid email address';

export interface DemoRequestResponse {
  success: true;
}
export interface DemoRequestRow {
  id: string;
  email: string;
  created_at: string;
}
export interface AdminDemoRequestsResponse {
  success: true;
  requests: DemoRequestRow[];
  total: number;
  page: number;
  page_size: number;
}

export const PLANS_PATH = '/api/billing/plans';

export interface Money {
  /** Amount in cents, to avoid floating-point money. */
  cents: number;
  currency: 'USD';
  /** '$9.99' */
  display: string;
}

export interface DecoderPlan {
  tier: 'free' | 'monthly' | 'annual';
  name: string;
  usage_limit: number | null;
  billing_cycle: 'daily' | 'monthly' | 'yearly';
  bitcoin_price: Money;
  cashapp_price: Money;
  features: string[];
}

export interface ChatPlan {
  tier: 'Free' | 'Starter' | 'Pro' | 'Gold';
  name: string;
  price: Money;
  /** Manual Cash App amount (spec section 9). */
  cashapp_price: Money | null;
  billing_cycle: 'monthly' | 'yearly' | 'lifetime' | null;
  messages_per_day: number | null;
}

export interface MarketingPlan {
  tier: 'free' | 'monthly' | 'annual';
  name: string;
  price: Money;
  billing_cycle: 'monthly' | 'yearly' | null;
  usage_limit: number | null;
}

export interface Savings {
  amount: Money;
  /** Rounded percentage (spec section 9). */
  percent: number;
}

export interface PlansResponse {
  success: true;
  marketing: { plans: MarketingPlan[]; annual_saving: Money };
  decoder: { plans: DecoderPlan[]; annual_savings: { bitcoin: Savings; cashapp: Savings } };
  chat: { plans: ChatPlan[] };
}

export const ENTITLEMENT_PATHS = {
  me: '/api/billing/entitlements/me',
  admin: '/api/billing/admin/entitlements',
} as const;

export interface Entitlement {
  decoder_tier: 'free' | 'monthly' | 'annual';
  chat_tier: 'Free' | 'Starter' | 'Pro' | 'Gold';
  /** When the paid access ends (null: free, or lifetime). */
  expires_at: string | null;
  lifetime: boolean;
}
export interface EntitlementResponse {
  success: true;
  entitlement: Entitlement;
}
export interface AdminEntitlementsResponse {
  success: true;
  entitlements: Record<string, Entitlement>;
}

// ---------------------------------------------------------------------------------------------
// Payments (spec sections 5, 7 and 8; ARCHITECTURE.md "Payments").

export const PAYMENT_PATHS = {
  /** Decoder paywall: Bitcoin (Coinbase, or the sandbox) or Cash App (manual). Signed-in users only. */
  createSubscription: '/api/bias-payment/create-subscription',
  /** GET, the owner or an administrator. Fill with `paymentPath`. */
  subscription: '/api/bias-payment/subscription/:userId',
  cancelSubscription: '/api/bias-payment/cancel-subscription',
  /** Chat upgrade (Starter, Pro, Gold). */
  createCheckoutSession: '/api/create-checkout-session',
  /** Which providers are live, PayPal's client id and plan ids, the Cash App tag. Public. */
  paymentOptions: '/api/billing/payment-options',
  /** GET: one checkout (a subscription row) of the caller; POST .../verify asks the provider first. */
  checkout: '/api/billing/checkouts/:id',
  verifyCheckout: '/api/billing/checkouts/:id/verify',
  /** The thank-you page: verify a PayPal subscription (`subscription_id` from the button's onApprove). */
  paypalVerify: '/api/billing/paypal/verify',
  /**
   * Before PayPal's own button creates a subscription (real PayPal keys): would this plan add anything for the
   * signed-in reader? 200, or 409 PLAN_ALREADY_COVERED with billing's reason. PayPal charges the first period when
   * the subscription starts, so billing cannot refuse afterwards as it does for the other ways of paying.
   */
  paypalCheck: '/api/billing/paypal/check',
  /**
   * The PayPal sandbox (PAYMENTS_SANDBOX on, no PayPal keys): the pricing page's button creates a subscription
   * here (signed in) and sends the browser to its approval page, which returns to /thank-you like PayPal.
   */
  paypalSandboxSubscriptions: '/api/billing/paypal/sandbox/subscriptions',
  paypalSandboxApproval: '/api/billing/sandbox/paypal/:id',
  paypalSandboxApprove: '/api/billing/sandbox/paypal/:id/approve',
  paypalSandboxCancel: '/api/billing/sandbox/paypal/:id/cancel',
  /** HTML pages the browser is sent to (payment_url). */
  sandboxCheckout: '/api/billing/sandbox/checkout/:id',
  sandboxPay: '/api/billing/sandbox/checkout/:id/pay',
  sandboxCancel: '/api/billing/sandbox/checkout/:id/cancel',
  cashAppInstructions: '/api/billing/cashapp/:id',
  /** Provider webhooks (signature checked on the raw body). */
  coinbaseWebhook: '/api/billing/webhooks/coinbase',
  paypalWebhook: '/api/billing/webhooks/paypal',
  sandboxWebhook: '/api/billing/webhooks/sandbox',
  /** Administrators: manual (Cash App) payments and manual refunds. */
  adminManualPayments: '/api/billing/admin/manual-payments',
  adminApproveManualPayment: '/api/billing/admin/manual-payments/:id/approve',
  adminRejectManualPayment: '/api/billing/admin/manual-payments/:id/reject',
  adminRefundSubscription: '/api/billing/admin/subscriptions/:id/refund',
  /** Administrators: Chat Gold's early access, the readers to invite first to what opens next (the waitlist page). */
  adminEarlyAccess: '/api/billing/admin/early-access',
  /**
   * Administrators: money that arrived for a purchase of an account deleted before it (recorded, refused, not
   * applied), to refund at the provider; then marked returned. Newest first.
   */
  adminErasedAccountPayments: '/api/billing/admin/erased-account-payments',
  adminMarkErasedAccountPaymentReturned: '/api/billing/admin/erased-account-payments/:id/returned',
} as const;

/** `paymentPath(PAYMENT_PATHS.subscription, { userId })` */
export function paymentPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Spec section 5 ("Payment data check") and section 8 (failure statuses). */
export const PAYMENT_MESSAGES = {
  userIdRequired: 'User ID is required',
  invalidTier: 'Invalid subscription tier',
  invalidMethod: 'Invalid payment method',
  urlsRequired: 'Return and cancel URLs are required',
  initiationFailed: 'Payment initiation failed',
  statusFailed: 'Failed to get subscription status',
  cancelFailed: 'Failed to cancel subscription',
} as const;

/** Spec section 8 ("Checkout"), the chat upgrade. */
export const CHECKOUT_MESSAGES = {
  emailMissing: 'User email not available. Please refresh the page and try again.',
  failed: 'Failed to create checkout session. Please try again.',
} as const;

/** Not in the spec: the thank-you page's PayPal check, the admin console's manual payments. */
export const PAYPAL_VERIFY_FAILED = 'We could not verify this PayPal subscription. Please contact support.';
export const MANUAL_PAYMENT_NOT_PENDING = 'This payment is no longer pending.';
export const PAYMENT_NOT_FOUND = 'No such payment.';
/** A purchase with no payment refused for a deleted account (the mark-returned route's 404). */
export const ERASED_ACCOUNT_PAYMENT_NOT_FOUND = 'No payment arrived for a deleted account under this id.';
/** Not in the spec: why a cancel was refused (the error's details.reason; the message stays the spec's). */
export const CANCEL_REFUSALS = {
  alreadyPaid: 'This checkout was paid before the cancel arrived, so the plan is active. To stop it renewing, cancel the plan itself.',
  lifetime: 'A lifetime plan never renews, so there is nothing to cancel.',
  notActive: 'This purchase is not an active plan any more.',
  notPaid: 'This checkout is not paid yet: close the checkout instead.',
} as const;

/**
 * Not in the spec: the error code of a purchase refused before any payment (409) because the reader's plan already
 * gives what it would (Monthly under an Annual, anything under a lifetime Gold). Its message says which plan and
 * until when, and is what the page that started the purchase shows.
 */
export const PLAN_ALREADY_COVERED = 'PLAN_ALREADY_COVERED';

/** Billing's words for a purchase refused as already covered (PLAN_ALREADY_COVERED), or null for any other failure. */
export function alreadyCoveredMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === PLAN_ALREADY_COVERED && typeof message === 'string' && message.trim() !== '' ? message : null;
}

export type PaymentMethod = 'bitcoin' | 'cashapp';
export type PaymentProviderName = 'sandbox' | 'coinbase' | 'paypal' | 'cashapp';
export type SubscriptionStatus = 'pending' | 'active' | 'cancelled' | 'expired' | 'refunded' | 'failed';

/** One purchase of a plan, whatever the provider (the spec's subscription_id is its id). */
export interface SubscriptionView {
  id: string;
  user_id: string;
  product: 'decoder' | 'chat';
  tier: string;
  status: SubscriptionStatus;
  provider: PaymentProviderName;
  payment_method: 'bitcoin' | 'cashapp' | 'paypal' | null;
  /** Dollars, as the spec shows them (7, 14.99); null when unknown. */
  amount: number | null;
  currency: 'USD' | null;
  /** End of the paid period (access lasts until then, even after a cancellation); null: unpaid or lifetime. */
  current_period_end: string | null;
  lifetime: boolean;
  /** Whether this purchase gives access right now. */
  grants_access: boolean;
  failure_reason: string | null;
  activated_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CashAppInstructions {
  /** The $cashtag to pay; null when none is configured (then an administrator is the only way through). */
  cashtag: string | null;
  amount: Money;
  /** What to write in the Cash App note: the account email. */
  note: string;
  message: string;
  /** The sandbox's placeholder tag (no CASHAPP_CASHTAG configured): not to be paid; an administrator approves. Always sent. */
  sandbox?: boolean;
}

export interface CreateSubscriptionRequest {
  user_id: string;
  tier: 'monthly' | 'annual';
  payment_method: PaymentMethod;
  /** Same-site paths ('/payment/success') or URLs on the allow-list. */
  return_url: string;
  cancel_url: string;
}
export interface CreateSubscriptionResponse {
  success: true;
  /** Where to send the browser (a relative path for the sandbox and Cash App). */
  payment_url: string;
  amount: number;
  currency: 'USD';
  subscription_id: string;
  provider: PaymentProviderName;
  status: 'pending';
  /** Cash App only. */
  instructions: CashAppInstructions | null;
}

export interface CreateCheckoutSessionRequest {
  email: string;
  tier: 'Starter' | 'Pro' | 'Gold';
  /** May hold {CHECKOUT_SESSION_ID}; otherwise session_id is appended. */
  success_url: string;
  cancel_url: string;
  /** Defaults to bitcoin (Coinbase, or the sandbox). */
  payment_method?: PaymentMethod;
}
export interface CreateCheckoutSessionResponse {
  success: true;
  url: string;
  session_id: string;
  amount: number;
  currency: 'USD';
  provider: PaymentProviderName;
  instructions: CashAppInstructions | null;
}

export interface SubscriptionStatusResponse {
  success: true;
  user_id: string;
  entitlement: Entitlement;
  /** The decoder purchase that matters now (the one giving access, else the latest); null when none. */
  subscription: SubscriptionView | null;
  /** Every purchase, newest first (at most 50). */
  subscriptions: SubscriptionView[];
}

export interface CancelSubscriptionRequest {
  user_id: string;
  subscription_id: string;
  reason?: string;
  /**
   * What the reader is cancelling, as their page showed it: 'pending' closes a checkout that is not paid yet
   * (refused with 409 ALREADY_PAID if a payment was confirmed first), 'active' stops a plan renewing.
   * Without it, the purchase's state when the call arrives decides.
   */
  expected_status?: 'pending' | 'active';
}
export interface CancelSubscriptionResponse {
  success: true;
  subscription: SubscriptionView;
  /** Access continues until then (null: it has ended). */
  access_until: string | null;
}

export interface CheckoutResponse {
  success: true;
  checkout: SubscriptionView;
  entitlement: Entitlement;
}

export interface PaypalVerifyRequest {
  subscription_id: string;
}
export interface PaypalVerifyResponse {
  success: true;
  /** True once PayPal says ACTIVE with our plan and the caller's account id as custom_id. */
  verified: boolean;
  /** PayPal's status (APPROVAL_PENDING, APPROVED, ACTIVE, ...): retry shortly while it is APPROVED. */
  paypal_status: string;
  subscription: SubscriptionView | null;
  entitlement: Entitlement;
}

export interface PaymentOptionsResponse {
  success: true;
  /** True when Bitcoin checkouts go to the built-in sandbox (no real money moves). */
  sandbox: boolean;
  bitcoin: { provider: 'coinbase' | 'sandbox' } | null;
  /** cashtag null: Cash App is not offered (no tag configured and the sandbox off). */
  cashapp: { cashtag: string | null; sandbox?: boolean };
  /**
   * PayPal buttons: create the subscription with plan_id and custom_id = the account id. sandbox: billing stands
   * in for PayPal (no SDK to load): POST paypalSandboxSubscriptions, then send the browser to approve_url.
   */
  paypal: { client_id: string; plans: { monthly: string; annual: string }; sandbox?: boolean } | null;
}

/**
 * Chat Gold sells "early access" (spec section 9: "Gold $99 one-time (lifetime, early access)"): a Gold reader is
 * invited to what opens next before the waitlist, the wider platform first. Billing holds who bought Gold.
 */
export const EARLY_ACCESS = {
  /** Chat Settings, for a Gold reader. */
  reader: 'Early access: you are on the list, and will be invited to the wider Keisha platform before the waitlist.',
  /** The administrators' waitlist page. */
  adminTitle: 'Early access (Chat Gold): invite first',
  adminEmpty: 'Nobody has bought Chat Gold yet.',
} as const;

/** One Gold reader, from their first Gold purchase. */
export interface EarlyAccessReader {
  user_id: string;
  email: string | null;
  since: string;
}
export interface AdminEarlyAccessResponse {
  success: true;
  readers: EarlyAccessReader[];
}

export interface PaypalCheckRequest {
  tier: 'monthly' | 'annual';
}
export interface PaypalCheckResponse {
  success: true;
}

export interface PaypalSandboxCreateRequest {
  tier: 'monthly' | 'annual';
}
export interface PaypalSandboxCreateResponse {
  success: true;
  /** I-SANDBOX-...: what PayPal's onApprove would give. */
  subscription_id: string;
  /** The sandbox's approval page, standing in for PayPal's. */
  approve_url: string;
}

export interface ManualPaymentView extends SubscriptionView {
  email: string | null;
}
export interface AdminManualPaymentsResponse {
  success: true;
  payments: ManualPaymentView[];
}
export interface AdminPaymentActionResponse {
  success: true;
  subscription: SubscriptionView;
}

/**
 * Service to service (not under /api: the edge does not route it): one account's entitlement, for a
 * caller that holds the internal token (the decoder, for the owner of an API key). Never from a browser.
 */
export const INTERNAL_ENTITLEMENT_PATH = '/internal/billing/entitlements/:user_id';
export const internalEntitlementPath = (userId: string) => `/internal/billing/entitlements/${encodeURIComponent(userId)}`;

/**
 * Service to service: the plans of up to 100 accounts in one question (`?user_ids=a,b,…`, answered with
 * `adminEntitlementsResponse`: every id asked, free when billing has nothing for it). identity's newsletter asks
 * it a page of readers at a time instead of once per reader. Internal token only; never from a browser.
 */
export const INTERNAL_ENTITLEMENTS_PATH = '/internal/billing/entitlements';
export const internalEntitlementsPath = (userIds: readonly string[]) => `${INTERNAL_ENTITLEMENTS_PATH}?user_ids=${userIds.map(encodeURIComponent).join(',')}`;

/**
 * Service to service: what a reader should be told about their purchases (a payment confirmed, a plan that stops
 * renewing, a refund), in a stable order after an opaque cursor. identity asks it to mail receipts
 * (docs/billing.md, "Receipts"). Internal token only; never from a browser.
 */
export const INTERNAL_PURCHASE_EVENTS_PATH = '/internal/billing/purchase-events';
export const PURCHASE_EVENT_KINDS = ['paid', 'cancelled', 'refunded'] as const;
export type PurchaseEventKind = (typeof PURCHASE_EVENT_KINDS)[number];
/** The page size identity asks for, and the most billing gives at once. */
export const PURCHASE_EVENTS_MAX_LIMIT = 500;

/**
 * Service to service: identity asks the billing service to erase a deleted account's data (schema:
 * `accountErasureResponse` in common). Internal token only; never from a browser.
 */
export const INTERNAL_ACCOUNT_ERASURE_PATH = '/internal/billing/accounts/:user_id';
export const internalAccountErasurePath = (userId: string) => `/internal/billing/accounts/${encodeURIComponent(userId)}`;

/**
 * Service to service: identity asks the billing service for what it holds about an account, for the reader's own
 * download (schema: `accountExportPart` in common). Internal token only; never from a browser.
 */
export const INTERNAL_ACCOUNT_EXPORT_PATH = '/internal/billing/accounts/:user_id/export';
export const internalAccountExportPath = (userId: string) => `/internal/billing/accounts/${encodeURIComponent(userId)}/export`;

/**
 * Money that arrived for a purchase after its account was deleted: billing recorded it and refused it (not
 * applied); an administrator refunds it at the provider and marks it returned. One row per purchase: the provider
 * may tell billing about the same money more than once (a webhook and the return page's check).
 */
export interface ErasedAccountPayment {
  /** The purchase's id (the subscription id; the id the mark-returned route takes). */
  id: string;
  subscription_id: string;
  /** The deleted account's opaque id. */
  user_id: string;
  product: 'decoder' | 'chat';
  tier: string;
  /** Dollars (7, 14.99); null when unknown. */
  amount: number | null;
  currency: 'USD' | null;
  provider: PaymentProviderName;
  payment_method: 'bitcoin' | 'cashapp' | 'paypal' | null;
  /** The provider's id of the purchase: a PayPal subscription id, a Coinbase charge code; null for Cash App. */
  provider_ref: string | null;
  /** The provider's references of the payment itself, when it sent any (PayPal sale ids). */
  payment_refs: string[];
  /** When billing first heard of the money. */
  arrived_at: string;
  returned_at: string | null;
  /** The administrator who marked it returned. */
  returned_by: string | null;
}
export interface AdminErasedAccountPaymentsResponse {
  success: true;
  payments: ErasedAccountPayment[];
  total: number;
  page: number;
  page_size: number;
}
export interface AdminErasedAccountPaymentResponse {
  success: true;
  payment: ErasedAccountPayment;
}
