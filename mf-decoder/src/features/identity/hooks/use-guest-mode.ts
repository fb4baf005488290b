import { localDate, useKeisha } from '@keisha/store';
import { useCallback, useEffect } from 'react';
import { restoreGuestRecord, serializeGuestRecord, type GuestRecord } from '../domain/guest-record.ts';

/** Where the decoder keeps the guest record (spec section 3, "Stored keys in the browser"). */
export const GUEST_RECORD_KEY = 'keisha.decoder.guest';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // blocked by privacy settings: the guest then lives for this page only
  }
}

/** Today's guest record: the stored one (reset if it is from another day) or a fresh one, and stored. */
export function ensureGuestRecord(today = localDate()): GuestRecord {
  const store = storage();
  let stored: string | null = null;
  try {
    stored = store?.getItem(GUEST_RECORD_KEY) ?? null;
  } catch {
    stored = null;
  }
  const record = restoreGuestRecord(stored, today);
  try {
    store?.setItem(GUEST_RECORD_KEY, serializeGuestRecord(record));
  } catch {
    // Full or blocked storage: the record still applies to this page.
  }
  return record;
}

export function forgetGuestRecord(): void {
  try {
    storage()?.removeItem(GUEST_RECORD_KEY);
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}

/**
 * Spec section 4 ("Decoder auth"): once the session is restored, a visitor without an account is a
 * guest (created if need be), and a signed-in person leaves no guest record behind.
 */
export function useGuestMode(): { continueAsGuest: () => void } {
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const signedIn = useKeisha((s) => s.auth.user !== null);

  useEffect(() => {
    if (!restored) return;
    if (signedIn) forgetGuestRecord();
    else ensureGuestRecord();
  }, [restored, signedIn]);

  const continueAsGuest = useCallback(() => {
    ensureGuestRecord();
  }, []);
  return { continueAsGuest };
}
