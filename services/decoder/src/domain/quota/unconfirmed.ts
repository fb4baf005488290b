// Issue 27, item 2: until an account has confirmed its e-mail address, signing up must not buy a reader more
// analyses than a guest has at the same address. So an unconfirmed free account's analyses come out of the
// address's counter, the one guests at that address use, as well as its own (which it keeps once confirmed).
// A paid plan is proof enough of a real reader: a paying account counts by account alone, confirmed or not.
import type { DecoderTier } from '@keisha/contracts/decoder';

export interface SignedInReader {
  userId: string;
  tier: DecoderTier;
  emailVerified: boolean;
  /** The client address the request came from (as guests are counted). */
  address: string;
}

/** Whether this account's allowance is the address's guest allowance for now. */
export function sharesGuestAllowance(reader: Pick<SignedInReader, 'tier' | 'emailVerified'>): boolean {
  return !reader.emailVerified && (reader.tier === 'free' || reader.tier === 'guest');
}

/** The counters a signed-in reader's analyses come out of: refused when any of them is used up. */
export function accountCounters(reader: SignedInReader): string[] {
  const own = `user:${reader.userId}`;
  return sharesGuestAllowance(reader) ? [`ip:${reader.address}`, own] : [own];
}
