import { z } from 'zod';

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

/** Spec section 5: non-space characters, an @, then non-space characters. */
export const EMAIL_SHAPE = /^\S+@\S+$/;
/** RFC 5321 caps a forward path at 254 characters; longer input is never a real address. */
export const EMAIL_MAX_LENGTH = 254;

// Beyond the spec's minimum shape, refuse what no deliverable address contains: markup and quoting
// characters, control characters, and a domain without a dot or with empty labels. Unicode letters
// stay allowed (RFC 6531 internationalised addresses).
const LOCAL_PART = /^[^\s@<>()[\]\\,;:"\p{Cc}]{1,64}$/u;
const DOMAIN_LABEL = /^[^\s@<>()[\]\\,;:"'`!#$%&*+=?^{|}~/_.\p{Cc}]+$/u;

export function isDeliverableEmailShape(email: string): boolean {
  if (!EMAIL_SHAPE.test(email) || email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  return (
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'))
  );
}

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
