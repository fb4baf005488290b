// One address, one account: an address is stored and compared in one form, Unicode NFKC then case-folded,
// without surrounding space. The form is defined once, in contracts (rules.ts), where the email schemas
// of identity's routes, the waitlist and billing's demo request check an address in the form it is stored in.
export { normalizeEmailAddress } from '@keisha/contracts';
