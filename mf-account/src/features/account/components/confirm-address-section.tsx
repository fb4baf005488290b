import { ConfirmAddressNotice, useAddressConfirmation } from '@keisha/ui';
import { useEffect } from 'react';

/** What an unconfirmed address holds back, in the account page's words (the decoder and the chat say their part). */
export const UNCONFIRMED_ACCOUNT =
  'Until you confirm your e-mail address, the chat assistant is closed to this account and the News Decoder counts it with the guests at your network address. Open the link we sent you when you signed up, or ask for a new one.';
export const CONFIRMED_ACCOUNT = 'Thank you, your address is confirmed: the chat and your own 3 free analyses a day are open to you.';

/**
 * The account page asks identity whether the address is confirmed and, while it is not, says so at the top with a
 * way to a new link (audit 2, L11: only the decoder's paywall and the chat offered one). Nothing shows when the
 * address is confirmed or identity cannot say.
 */
export function ConfirmAddressSection() {
  const confirmation = useAddressConfirmation(CONFIRMED_ACCOUNT);
  const { check } = confirmation;
  useEffect(() => {
    void check();
  }, [check]);
  if (confirmation.state !== 'unconfirmed' && !confirmation.note) return null;
  return <ConfirmAddressNotice confirmation={confirmation} text={UNCONFIRMED_ACCOUNT} />;
}
