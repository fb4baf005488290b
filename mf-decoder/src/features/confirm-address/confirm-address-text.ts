// The decoder's words in the "confirm your address" notice of @keisha/ui (issue 27).

/** What an unconfirmed free account's allowance is, and how to get its own. */
export const UNCONFIRMED_ALLOWANCE =
  'Until you confirm your e-mail address, your account shares the 3 free analyses a day of guests at your network address. Open the link we sent you when you signed up to get your own, or ask for a new one.';
export const CONFIRMED = 'Thank you, your address is confirmed: your own 3 free analyses a day start now.';
