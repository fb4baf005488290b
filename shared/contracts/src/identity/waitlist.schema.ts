import { z } from 'zod';
import { emailField } from '../common.ts';
import { WAITLIST_INVALID_EMAIL, type WaitlistJoinResponse } from './waitlist.ts';

export const waitlistJoinBody = z.object({ email: emailField(WAITLIST_INVALID_EMAIL) });

export const waitlistJoinResponse = z.object({
  success: z.literal(true),
  id: z.string(),
}) satisfies z.ZodType<WaitlistJoinResponse>;
