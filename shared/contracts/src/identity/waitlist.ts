// The waitlist call: path, messages and codes, with no dependency (browsers import this module).
import { isDeliverableEmailShape, normalizeEmailAddress } from '../rules.ts';

export const WAITLIST_PATH = '/api/waitlist';

/** Spec section 5. */
export const WAITLIST_INVALID_EMAIL = 'A valid email is required.';

/** The error code of an address already on the list; the service's answer to PostgreSQL's 23505. */
export const WAITLIST_DUPLICATE = 'DUPLICATE';

/** Spec section 8: not an error, the address is simply on the list already. */
export const WAITLIST_DUPLICATE_MESSAGE = "You're already on the waitlist!";

export interface WaitlistJoinBody {
  email: string;
}
export interface WaitlistJoinResponse {
  success: true;
  id: string;
}

/** The browser's check before sending: the same rule the service applies. */
export function validateWaitlistEmail(raw: string): { ok: true; email: string } | { ok: false; message: string } {
  const email = normalizeEmailAddress(raw);
  return isDeliverableEmailShape(email) ? { ok: true, email } : { ok: false, message: WAITLIST_INVALID_EMAIL };
}
