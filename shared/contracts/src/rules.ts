// Validation rules shared by browsers and services, with no dependency: browsers import these
// instead of zod schemas, so no remote pays for a validation library it does not need.

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

/** One address, one account: surrounding space and letter case do not make a new address. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
