import type { PaypalVerifyResponse } from '@keisha/contracts/billing';
import type { ThankYouParams } from './thank-you-params.ts';

// A PayPal return link is only a claim: the plan is the reader's once billing has checked it with PayPal.
// The page asks billing, a few times while PayPal is still activating, and says where things stand.

export type VerificationState =
  | { status: 'not-needed' }
  | { status: 'checking' }
  | { status: 'verified' }
  /** PayPal is still activating it after every retry. */
  | { status: 'pending' }
  /** Billing verifies for the signed-in account only. */
  | { status: 'sign-in' }
  | { status: 'failed' };

export const VERIFY_ATTEMPTS = 5;
export const VERIFY_RETRY_MS = 3000;

/** PayPal's states on the way to ACTIVE: worth asking again shortly. */
const ACTIVATING = new Set(['APPROVAL_PENDING', 'APPROVED']);

/** Only a PayPal purchase with a subscription id is checked with billing. */
export function subscriptionToVerify(params: ThankYouParams): string | null {
  return params.method === 'paypal' ? params.subscriptionId : null;
}

/** What an answer from billing means: done, ask again, or a subscription that will not become ours. */
export function readVerification(response: PaypalVerifyResponse): 'verified' | 'retry' | 'failed' {
  if (response.verified) return 'verified';
  return ACTIVATING.has(response.paypal_status.toUpperCase()) || response.paypal_status.toUpperCase() === 'ACTIVE' ? 'retry' : 'failed';
}

/** A refused call: without a session it is the reader who must sign in; anything else is a failure. */
export function readVerificationError(error: unknown): 'sign-in' | 'failed' {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 401 ? 'sign-in' : 'failed';
}

/**
 * The page's opening sentence. A purchase the page cannot check is acknowledged as received; a PayPal
 * subscription is called confirmed only once billing has verified it with PayPal, never before.
 */
export function thankYouLead(state: VerificationState, plan: string, method: string | null): string {
  const through = method ? ` through ${method}` : '';
  switch (state.status) {
    case 'not-needed':
      return `Welcome to Keisha. Your ${plan} purchase${through} has been received, and we are setting it up on your account now. It is usually active within a few minutes.`;
    case 'checking':
      return `Welcome to Keisha. We are confirming your ${plan} purchase${through} now.`;
    case 'verified':
      return `Welcome to Keisha. Your ${plan} purchase${through} is confirmed, and the plan is active on your account.`;
    case 'pending':
      return `Welcome to Keisha. Your ${plan} purchase${through} is being activated: it is usually active within a few minutes.`;
    case 'sign-in':
    case 'failed':
      return `Welcome to Keisha. Your ${plan} purchase${through} has not been confirmed yet.`;
  }
}
