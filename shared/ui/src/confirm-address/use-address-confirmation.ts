import { ApiError, serverMessageOf } from '@keisha/contracts';
import { session } from '@keisha/store';
import { useCallback, useState } from 'react';
import { addressConfirmed, sendConfirmationLink } from './confirm-address-api.ts';

export const LINK_SENT = 'We have sent you a new link. Open it, then come back here.';
export const STILL_UNCONFIRMED = 'Your address is not confirmed yet. Open the link in the message we sent you, then try again.';
/** Identity's answer to a resend for an address already confirmed. */
const ALREADY_VERIFIED = 'ALREADY_VERIFIED';
const REQUEST_FAILED = 'That did not work just now. Please try again in a moment.';

export type ConfirmationNote = { tone: 'info' | 'error'; text: string } | null;
/** unknown: not asked (a guest, a paid plan, or identity could not say). */
export type ConfirmationState = 'unknown' | 'confirmed' | 'unconfirmed';

export interface AddressConfirmation {
  state: ConfirmationState;
  busy: boolean;
  note: ConfirmationNote;
  /** Asks identity whether the signed-in account has confirmed its address (a failure leaves it unknown). */
  check: () => Promise<void>;
  /** A service refused the reader for want of a confirmed address: no need to ask identity. */
  markUnconfirmed: () => void;
  resend: () => Promise<void>;
  /** After the link was opened (maybe in another tab): a new token, which says so, then identity's word. */
  recheck: () => Promise<boolean>;
}

/**
 * The state behind the "confirm your address" notice (issue 27), one for every remote that shows it.
 * `confirmedText` is what the reader is told once the address is confirmed: each remote says what it unlocks.
 */
export function useAddressConfirmation(confirmedText: string): AddressConfirmation {
  const [state, setState] = useState<ConfirmationState>('unknown');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<ConfirmationNote>(null);

  const markUnconfirmed = useCallback(() => setState('unconfirmed'), []);

  const check = useCallback(async () => {
    try {
      setState((await addressConfirmed()) ? 'confirmed' : 'unconfirmed');
    } catch {
      // Identity could not say: the page shows as it would have without this question.
    }
  }, []);

  const recheck = useCallback(async () => {
    setBusy(true);
    try {
      // The services read the token's claim: only a token issued after the confirmation carries it.
      await session.renewAccessToken();
      const confirmed = await addressConfirmed();
      setState(confirmed ? 'confirmed' : 'unconfirmed');
      setNote(confirmed ? { tone: 'info', text: confirmedText } : { tone: 'error', text: STILL_UNCONFIRMED });
      return confirmed;
    } catch (error) {
      setNote({ tone: 'error', text: serverMessageOf(error) ?? REQUEST_FAILED });
      return false;
    } finally {
      setBusy(false);
    }
  }, [confirmedText]);

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

  return { state, busy, note, check, markUnconfirmed, resend, recheck };
}
