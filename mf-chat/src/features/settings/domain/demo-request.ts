// The Enterprise Solutions demo request (spec sections 5, 7 and 8).
import { isNetworkError, serverMessageOf } from '@keisha/contracts';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/network-message.ts';

export const DEMO_REQUEST_RECEIVED = "Thank you! We've received your request and will contact you shortly.";
export const DEMO_REQUEST_FAILED = 'Failed to submit request. Please try again.';

export interface DemoOutcome {
  message: string;
  /** Shown as an error (the spec styles the failures so). */
  error: boolean;
}

/** Spec section 5: the email is required; the button is disabled when it is blank. */
export function canRequestDemo(email: string, submitting: boolean): boolean {
  return !submitting && email.trim() !== '';
}

export const demoReceived = (): DemoOutcome => ({ message: DEMO_REQUEST_RECEIVED, error: false });

/** Spec section 8: the server's message, the network message, or the generic failure. */
export function demoFailure(error: unknown): DemoOutcome {
  if (isNetworkError(error)) return { message: NETWORK_ERROR_MESSAGE, error: true };
  return { message: serverMessageOf(error) ?? DEMO_REQUEST_FAILED, error: true };
}
