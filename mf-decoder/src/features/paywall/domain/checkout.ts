// What happens after a paywall payment button (spec sections 7 and 8): billing opens a purchase and
// answers where the browser goes next. Bitcoin goes to the provider's page (Coinbase, or billing's own
// sandbox checkout); Cash App is paid by hand, so the paywall shows what to send and where; a guest, or
// an answer without a usable payment_url, goes to /pricing. Pure: the I/O is in api/ and hooks/.
import type { CreateSubscriptionRequest } from '@keisha/contracts/billing';
import { pricingUrl } from './paywall.ts';
import type { PaymentMethod, PlanId } from './plans.ts';

/** Spec section 8 ("Payment"). */
export const PAYMENT_FAILED_MESSAGE = 'Failed to initiate payment. Please try again or contact support.';

/** Spec section 2: where the provider sends the reader back (same-site paths: billing accepts them behind any host). */
export const PAYMENT_RETURN_PATHS = { success: '/payment/success', cancel: '/payment/cancel' } as const;

/** Longer than any real checkout address: a longer one is not followed. */
const MAX_URL_LENGTH = 2048;

export interface PaymentChoice {
  plan: PlanId;
  method: PaymentMethod;
  /** For /pricing's user_type: 'guest', 'free', 'monthly'... */
  userType: string;
}

/** A manual Cash App payment waiting to be sent and approved. */
export interface ManualPayment {
  subscriptionId: string;
  /** '$14.99' */
  amount: string;
  /** The $cashtag to pay, or null when the site has none configured. */
  cashtag: string | null;
  /** What to write in Cash App's note: the account email. */
  note: string;
  /** Billing's instructions, ending with the promise of an update within 1 hour. */
  message: string;
  /** Cash App's own link with the amount filled in, when a cashtag is known. */
  cashAppLink: string | null;
}

export type CheckoutStep =
  /** Leave the site for the provider's checkout page. */
  | { kind: 'leave'; url: string }
  /** Go to /pricing with the spec's query parameters. */
  | { kind: 'pricing'; url: string }
  /** Show how to pay by hand. */
  | { kind: 'manual'; payment: ManualPayment };

/** The body of POST /api/bias-payment/create-subscription (spec section 7). */
export function subscriptionRequest(userId: string, choice: Pick<PaymentChoice, 'plan' | 'method'>): CreateSubscriptionRequest {
  return {
    user_id: userId,
    tier: choice.plan,
    payment_method: choice.method,
    return_url: PAYMENT_RETURN_PATHS.success,
    cancel_url: PAYMENT_RETURN_PATHS.cancel,
  };
}

/**
 * A payment_url the browser may be sent to: a path on this site, or an http(s) address (a provider's
 * hosted page). Anything else (javascript:, data:, '//elsewhere', junk) is treated as missing.
 */
export function safePaymentUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '' || url.length > MAX_URL_LENGTH) return null;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function text(value: unknown, max = 500): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;
}

const CASHTAG = /^\$[A-Za-z][A-Za-z0-9_-]{0,19}$/;

/** Cash App's payment link: the tag and the amount in dollars (its links cannot carry the note). */
export function cashAppLink(cashtag: string | null, cents: number | null): string | null {
  if (!cashtag || !CASHTAG.test(cashtag)) return null;
  const base = `https://cash.app/${cashtag}`;
  return cents !== null && Number.isInteger(cents) && cents > 0 ? `${base}/${(cents / 100).toFixed(2)}` : base;
}

/** The manual payment in billing's answer, or null when the answer does not carry usable instructions. */
export function manualPaymentOf(response: unknown): ManualPayment | null {
  const answer = response as { subscription_id?: unknown; instructions?: unknown } | null;
  const instructions = answer?.instructions as
    | { cashtag?: unknown; amount?: { cents?: unknown; display?: unknown }; note?: unknown; message?: unknown }
    | null
    | undefined;
  if (typeof instructions !== 'object' || instructions === null) return null;
  const subscriptionId = text(answer?.subscription_id, 100);
  const amount = text(instructions.amount?.display, 20);
  const note = text(instructions.note, 320);
  const message = text(instructions.message, 1000);
  if (!subscriptionId || !amount || !note || !message) return null;
  const cashtag = typeof instructions.cashtag === 'string' && CASHTAG.test(instructions.cashtag) ? instructions.cashtag : null;
  const cents = typeof instructions.amount?.cents === 'number' ? instructions.amount.cents : null;
  return { subscriptionId, amount, cashtag, note, message, cashAppLink: cashAppLink(cashtag, cents) };
}

/** Where billing's answer to create-subscription sends the reader. */
export function nextCheckoutStep(response: unknown, choice: PaymentChoice): CheckoutStep {
  if (choice.method === 'cashapp') {
    const payment = manualPaymentOf(response);
    if (payment) return { kind: 'manual', payment };
  }
  const url = safePaymentUrl((response as { payment_url?: unknown } | null)?.payment_url);
  if (url) return { kind: 'leave', url };
  return { kind: 'pricing', url: pricingUrl(choice.plan, choice.method, choice.userType) };
}

/** A refusal of the payment call: without a session the reader is a guest to billing (spec section 8). */
export function isGuestRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}
