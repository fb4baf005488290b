import { z } from 'zod';
import { emailField } from '../common.ts';

export const WAITLIST_PATH = '/api/waitlist';

/** Spec section 5. */
export const WAITLIST_INVALID_EMAIL = 'A valid email is required.';

export const waitlistJoinBody = z.object({ email: emailField(WAITLIST_INVALID_EMAIL) });
export type WaitlistJoinBody = z.input<typeof waitlistJoinBody>;

export const waitlistJoinResponse = z.object({
  success: z.literal(true),
  id: z.string(),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponse>;

/** The error code of an address already on the list; the service's answer to PostgreSQL's 23505. */
export const WAITLIST_DUPLICATE = 'DUPLICATE';
