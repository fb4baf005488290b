import { ApiError, serverMessageOf } from '@keisha/contracts';
import { session } from '@keisha/store';
import { useCallback, useState } from 'react';
import { addressConfirmed, sendConfirmationLink } from '../api/confirm-address.ts';

export const LINK_SENT = 'We have sent you a new link. Open it, then come back here.';
export const STILL_UNCONFIRMED = 'Your address is not confirmed yet. Open the link in the message we sent you, then try again.';
export const CONFIRMED = 'Thank you, your address is confirmed.';
/** Identity's answer to a resend for an address already confirmed. */
const ALREADY_VERIFIED = 'ALREADY_VERIFIED';
const REQUEST_FAILED = 'That did not work just now. Please try again in a moment.';

export type ConfirmationNote = { tone: 'info' | 'error'; text: string } | null;

export interface AddressConfirmation {
  /** A service refused the reader for want of a confirmed address: the notice shows. */
  unconfirmed: boolean;
  busy: boolean;
  note: ConfirmationNote;
  markUnconfirmed: () => void;
  resend: () => Promise<void>;
  /** After the link was opened (maybe in another tab): a new token, which says so, then identity's word. */
  recheck: () => Promise<boolean>;
}

export function useAddressConfirmation(): AddressConfirmation {
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<ConfirmationNote>(null);

  const markUnconfirmed = useCallback(() => setUnconfirmed(true), []);

  const recheck = useCallback(async () => {
    setBusy(true);
    try {
      // The services read the token's claim: only a token issued after the confirmation carries it.
      await session.renewAccessToken();
      const confirmed = await addressConfirmed();
      setUnconfirmed(!confirmed);
      setNote(confirmed ? { tone: 'info', text: CONFIRMED } : { tone: 'error', text: STILL_UNCONFIRMED });
      return confirmed;
    } catch (error) {
      setNote({ tone: 'error', text: serverMessageOf(error) ?? REQUEST_FAILED });
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const resend = useCallback(async () => {
    setBusy(true);
    try {
      await sendConfirmationLink();
      setNote({ tone: 'info', text: LINK_SENT });
    } catch (error) {
      // Confirmed meanwhile (in another tab, or on another device): take the token that says so.
      if (error instanceof ApiError && error.code === ALREADY_VERIFIED) {
        setBusy(false);
        await recheck();
        return;
      }
      setNote({ tone: 'error', text: serverMessageOf(error) ?? REQUEST_FAILED });
    } finally {
      setBusy(false);
    }
  }, [recheck]);

  return { unconfirmed, busy, note, markUnconfirmed, resend, recheck };
}
