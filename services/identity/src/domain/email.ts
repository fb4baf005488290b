// One address, one account: an address is stored and compared in one form, Unicode NFKC then case-folded,
// without surrounding space, so a full-width "ｋｅｉｓｈａ@example.org" or "Keisha@Example.org" is the same
// address as "keisha@example.org" and cannot make a look-alike twin of it.

/**
 * The stored form of an address. NFKC folds compatibility forms (full-width letters, ligatures, circled
 * digits) into plain ones; lower-casing after it is JavaScript's full case mapping (the same as
 * PostgreSQL's `lower` for these letters), and NFKC once more keeps the result stable.
 */
export function normalizeEmailAddress(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase().normalize('NFKC');
}
