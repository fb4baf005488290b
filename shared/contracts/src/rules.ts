// Validation rules shared by browsers and services, with no dependency: browsers import these
// instead of zod schemas, so no remote pays for a validation library it does not need.
import { hasInvisibleCharacter } from './text.ts';

/** Spec section 5: non-space characters, an @, then non-space characters. */
export const EMAIL_SHAPE = /^\S+@\S+$/;
/** RFC 5321 caps a forward path at 254 characters; longer input is never a real address. */
export const EMAIL_MAX_LENGTH = 254;

// Beyond the spec's minimum shape, refuse what no deliverable address contains: markup and quoting
// characters, control characters, and a domain without a dot or with empty labels. Unicode letters
// stay allowed (RFC 6531 internationalised addresses); invisible characters do not (text.ts): a bidi
// control shows "\u202eevil@b.c" as "c.b@live" wherever the address is displayed.
const LOCAL_PART = /^[^\s@<>()[\]\\,;:"\p{Cc}]{1,64}$/u;
const DOMAIN_LABEL = /^[^\s@<>()[\]\\,;:"'`!#$%&*+=?^{|}~/_.\p{Cc}]+$/u;

export function isDeliverableEmailShape(email: string): boolean {
  if (!EMAIL_SHAPE.test(email) || email.length > EMAIL_MAX_LENGTH || hasInvisibleCharacter(email)) return false;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  return (
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'))
  );
}

// One address, one account: an address is stored and compared in one form, Unicode NFKC then case-folded,
// without surrounding space, so a full-width "ｋｅｉｓｈａ@example.org" or "Keisha@Example.org" is the same
// address as "keisha@example.org" and cannot make a look-alike twin of it. Identity stores accounts and the
// waitlist in this form; the schemas check an address in it, so what is checked is what is stored.

/**
 * The stored form of an address. NFKC folds compatibility forms (full-width letters, ligatures, circled
 * digits) into plain ones; lower-casing after it is JavaScript's full case mapping (the same as
 * PostgreSQL's `lower` for these letters), and NFKC once more keeps the result stable.
 */
export function normalizeEmailAddress(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase().normalize('NFKC');
}
