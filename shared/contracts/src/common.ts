import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isDeliverableEmailShape } from './rules.ts';

/** The one error shape every service answers with. `message` is safe to show to a person. */
export const apiErrorBody = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** An email field: trimmed, checked, lower-cased so that `A@x.io ` and `a@x.io` are one address. */
export function emailField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: message })
    .refine(isDeliverableEmailShape, { error: message })
    .transform((email) => email.toLowerCase());
}

export const healthBody = z.object({
  status: z.enum(['ok', 'unavailable']),
  service: z.string(),
  checks: z.record(z.string(), z.string()).optional(),
});
