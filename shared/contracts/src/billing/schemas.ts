import { z } from 'zod';
import { emailField, pagingQuery, pagedResponse } from '../common.ts';
import {
  CHECKOUT_MESSAGES,
  DEMO_EMAIL_INVALID,
  DEMO_EMAIL_REQUIRED,
  ERASED_ACCOUNT_PAYMENT_NOT_FOUND,
  PAYMENT_MESSAGES,
  PAYMENT_NOT_FOUND,
  PAYPAL_VERIFY_FAILED,
  PURCHASE_EVENT_KINDS,
  PURCHASE_EVENTS_MAX_LIMIT,
} from './index.ts';

export const demoRequestBody = z.object({
  email: z.string({ error: DEMO_EMAIL_REQUIRED }).trim().min(1, { error: DEMO_EMAIL_REQUIRED }).pipe(emailField(DEMO_EMAIL_INVALID)),
});
export const demoRequestResponse = z.object({ success: z.literal(true) });
export const adminDemoRequestsQuery = pagingQuery(200, 50);
export const adminDemoRequestsResponse = pagedResponse('requests', z.object({ id: z.string(), email: z.string(), created_at: z.string() }));

export const entitlementSchema = z.object({
  decoder_tier: z.enum(['free', 'monthly', 'annual']),
  chat_tier: z.enum(['Free', 'Starter', 'Pro', 'Gold']),
  expires_at: z.string().nullable(),
  lifetime: z.boolean(),
});
export const entitlementResponse = z.object({ success: z.literal(true), entitlement: entitlementSchema });
export const adminEntitlementsResponse = z.object({ success: z.literal(true), entitlements: z.record(z.string(), entitlementSchema) });

// ---------------------------------------------------------------------------------------------
// Payments. Each field fails with the spec's message (section 5), the first failing field first.

/** A non-blank string, trimmed; every failure (missing, wrong type, blank, too long) reads `message`. */
function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
}
const URL_MAX = 2048;

export const createSubscriptionBody = z.object(
  {
    user_id: requiredText(PAYMENT_MESSAGES.userIdRequired, 200),
    tier: z.enum(['monthly', 'annual'], { error: PAYMENT_MESSAGES.invalidTier }),
    payment_method: z.enum(['bitcoin', 'cashapp'], { error: PAYMENT_MESSAGES.invalidMethod }),
    return_url: requiredText(PAYMENT_MESSAGES.urlsRequired, URL_MAX),
    cancel_url: requiredText(PAYMENT_MESSAGES.urlsRequired, URL_MAX),
  },
  { error: PAYMENT_MESSAGES.userIdRequired },
);

export const cancelSubscriptionBody = z.object(
  {
    user_id: requiredText(PAYMENT_MESSAGES.userIdRequired, 200),
    subscription_id: z.uuid({ error: PAYMENT_MESSAGES.cancelFailed }),
    reason: z.string({ error: PAYMENT_MESSAGES.cancelFailed }).max(500, { error: PAYMENT_MESSAGES.cancelFailed }).optional(),
    expected_status: z.enum(['pending', 'active'], { error: PAYMENT_MESSAGES.cancelFailed }).optional(),
  },
  { error: PAYMENT_MESSAGES.userIdRequired },
);

export const subscriptionParams = z.object({ userId: z.string({ error: PAYMENT_MESSAGES.statusFailed }).max(200, { error: PAYMENT_MESSAGES.statusFailed }) });

export const createCheckoutSessionBody = z.object(
  {
    email: requiredText(CHECKOUT_MESSAGES.emailMissing, 320),
    tier: z.enum(['Starter', 'Pro', 'Gold'], { error: CHECKOUT_MESSAGES.failed }),
    success_url: requiredText(CHECKOUT_MESSAGES.failed, URL_MAX),
    cancel_url: requiredText(CHECKOUT_MESSAGES.failed, URL_MAX),
    payment_method: z.enum(['bitcoin', 'cashapp'], { error: CHECKOUT_MESSAGES.failed }).optional(),
  },
  { error: CHECKOUT_MESSAGES.emailMissing },
);

export const paypalVerifyBody = z.object(
  { subscription_id: z.string({ error: PAYPAL_VERIFY_FAILED }).regex(/^[A-Za-z0-9-]{1,64}$/, { error: PAYPAL_VERIFY_FAILED }) },
  { error: PAYPAL_VERIFY_FAILED },
);

/** A payment id in a path: anything but a uuid is simply not found. */
export const paymentIdParams = z.object({ id: z.uuid({ error: PAYMENT_NOT_FOUND }) });

export const adminManualPaymentsQuery = z.object({
  status: z.enum(['pending', 'all'], { error: 'status must be pending or all' }).default('pending'),
});
export const adminRejectBody = z
  .object({ reason: z.string({ error: 'reason must be text' }).trim().max(500, { error: 'reason is too long' }).optional() }, { error: 'Send a JSON object.' })
  .optional();

const moneySchema = z.object({ cents: z.number().int(), currency: z.literal('USD'), display: z.string() });

export const subscriptionViewSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  product: z.enum(['decoder', 'chat']),
  tier: z.string(),
  status: z.enum(['pending', 'active', 'cancelled', 'expired', 'refunded', 'failed']),
  provider: z.enum(['sandbox', 'coinbase', 'paypal', 'cashapp']),
  payment_method: z.enum(['bitcoin', 'cashapp', 'paypal']).nullable(),
  amount: z.number().nullable(),
  currency: z.literal('USD').nullable(),
  current_period_end: z.string().nullable(),
  lifetime: z.boolean(),
  grants_access: z.boolean(),
  failure_reason: z.string().nullable(),
  activated_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const cashAppInstructionsSchema = z.object({
  cashtag: z.string().nullable(),
  amount: moneySchema,
  note: z.string(),
  message: z.string(),
  sandbox: z.boolean().optional(),
});

export const createSubscriptionResponse = z.object({
  success: z.literal(true),
  payment_url: z.string(),
  amount: z.number(),
  currency: z.literal('USD'),
  subscription_id: z.string(),
  provider: z.enum(['sandbox', 'coinbase', 'paypal', 'cashapp']),
  status: z.literal('pending'),
  instructions: cashAppInstructionsSchema.nullable(),
});

export const createCheckoutSessionResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  session_id: z.string(),
  amount: z.number(),
  currency: z.literal('USD'),
  provider: z.enum(['sandbox', 'coinbase', 'paypal', 'cashapp']),
  instructions: cashAppInstructionsSchema.nullable(),
});

export const subscriptionStatusResponse = z.object({
  success: z.literal(true),
  user_id: z.string(),
  entitlement: entitlementSchema,
  subscription: subscriptionViewSchema.nullable(),
  subscriptions: z.array(subscriptionViewSchema),
});

export const cancelSubscriptionResponse = z.object({
  success: z.literal(true),
  subscription: subscriptionViewSchema,
  access_until: z.string().nullable(),
});

export const checkoutResponse = z.object({ success: z.literal(true), checkout: subscriptionViewSchema, entitlement: entitlementSchema });

export const paypalVerifyResponse = z.object({
  success: z.literal(true),
  verified: z.boolean(),
  paypal_status: z.string(),
  subscription: subscriptionViewSchema.nullable(),
  entitlement: entitlementSchema,
});

export const paymentOptionsResponse = z.object({
  success: z.literal(true),
  sandbox: z.boolean(),
  bitcoin: z.object({ provider: z.enum(['coinbase', 'sandbox']) }).nullable(),
  cashapp: z.object({ cashtag: z.string().nullable(), sandbox: z.boolean().optional() }),
  paypal: z.object({ client_id: z.string(), plans: z.object({ monthly: z.string(), annual: z.string() }), sandbox: z.boolean().optional() }).nullable(),
});

export const paypalSandboxCreateBody = z.object(
  { tier: z.enum(['monthly', 'annual'], { error: PAYMENT_MESSAGES.invalidTier }) },
  { error: PAYMENT_MESSAGES.invalidTier },
);
/** PAYMENT_PATHS.paypalCheck: the plan PayPal's button is about to subscribe to. */
export const paypalCheckBody = paypalSandboxCreateBody;
export const paypalCheckResponse = z.object({ success: z.literal(true) });
export const paypalSandboxCreateResponse = z.object({ success: z.literal(true), subscription_id: z.string(), approve_url: z.string() });
/** A PayPal sandbox subscription id in a path: anything else is simply not found. */
export const paypalSandboxParams = z.object({ id: z.string().max(64) });

export const adminManualPaymentsResponse = z.object({
  success: z.literal(true),
  payments: z.array(subscriptionViewSchema.extend({ email: z.string().nullable() })),
});
export const adminEarlyAccessResponse = z.object({
  success: z.literal(true),
  readers: z.array(z.object({ user_id: z.string(), email: z.string().nullable(), since: z.string() })),
});
export const erasedAccountPaymentSchema = z.object({
  id: z.string(),
  subscription_id: z.string(),
  user_id: z.string(),
  product: z.enum(['decoder', 'chat']),
  tier: z.string(),
  amount: z.number().nullable(),
  currency: z.literal('USD').nullable(),
  provider: z.enum(['sandbox', 'coinbase', 'paypal', 'cashapp']),
  payment_method: z.enum(['bitcoin', 'cashapp', 'paypal']).nullable(),
  provider_ref: z.string().nullable(),
  payment_refs: z.array(z.string()),
  arrived_at: z.string(),
  returned_at: z.string().nullable(),
  returned_by: z.string().nullable(),
});
export const adminErasedAccountPaymentsQuery = pagingQuery(200, 50);
export const adminErasedAccountPaymentsResponse = pagedResponse('payments', erasedAccountPaymentSchema);
export const erasedAccountPaymentParams = z.object({ id: z.uuid({ error: ERASED_ACCOUNT_PAYMENT_NOT_FOUND }) });
export const adminErasedAccountPaymentResponse = z.object({ success: z.literal(true), payment: erasedAccountPaymentSchema });
export const adminPaymentActionResponse = z.object({ success: z.literal(true), subscription: subscriptionViewSchema });

/** A webhook's answer: received (applied, or recognised as a repeat). */
export const webhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });

// ---------------------------------------------------------------------------------------------
// INTERNAL_PURCHASE_EVENTS_PATH: the events a reader is mailed about (identity's receipts).

/** `<transaction>.<sequence>`: opaque to callers; give back the last `next_cursor`. */
export const purchaseEventCursor = z.string().regex(/^[0-9]{1,20}\.[0-9]{1,20}$/, { error: 'Not a cursor billing gave' });

export const purchaseEventsQuery = z.object({
  after: purchaseEventCursor.optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(PURCHASE_EVENTS_MAX_LIMIT).default(100),
});

export const purchaseEventSchema = z.object({
  /** The billing event's id (unique, stable): identity's outbox key is `receipt:<id>`. */
  id: z.string(),
  cursor: purchaseEventCursor,
  kind: z.enum(PURCHASE_EVENT_KINDS),
  /** paid: a later period of a plan already paid (PayPal bills again), not its first payment. */
  renewal: z.boolean(),
  /** cancelled: stopped because the reader moved to a higher plan of the same product. */
  replaced_by_upgrade: z.boolean(),
  subscription_id: z.string(),
  user_id: z.string(),
  /** The address the purchase was made with (identity mails the account's current address). */
  email: z.string().nullable(),
  product: z.enum(['decoder', 'chat']),
  tier: z.string(),
  /** 'News Decoder Annual', 'Chat Gold'. */
  plan_name: z.string(),
  amount_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  provider: z.enum(['sandbox', 'coinbase', 'paypal', 'cashapp']),
  payment_method: z.enum(['bitcoin', 'cashapp', 'paypal']).nullable(),
  lifetime: z.boolean(),
  /** Where the paid access ends now (null: lifetime, or never paid). */
  period_end: z.string().nullable(),
  occurred_at: z.string(),
});

export const purchaseEventsResponse = z.object({
  success: z.literal(true),
  events: z.array(purchaseEventSchema),
  /** Give it as `after` next time: the last event's cursor, or the one asked with when there is nothing new. */
  next_cursor: purchaseEventCursor.nullable(),
});
export type PurchaseEvent = z.infer<typeof purchaseEventSchema>;
export type PurchaseEventsResponse = z.infer<typeof purchaseEventsResponse>;
