import { session } from '@keisha/store';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { AccountSection } from './account-section.tsx';
import styles from './account-page.module.css';

export type SignOutOutcome = { kind: 'success' | 'error'; message: string };

export const SIGN_OUT_MESSAGES = {
  everywhere: 'You have been signed out of all devices.',
  everywhereFailed:
    'You are signed out on this device, but your other devices could not be signed out. Sign in and try again.',
} as const;

/** 'Sign Out' here, or 'Sign out of all devices' (every refresh token of the account is revoked). */
export function SignOutSection({ headingId, onSignedOut }: { headingId: string; onSignedOut: (outcome: SignOutOutcome | null) => void }) {
  const [busy, setBusy] = useState<'here' | 'everywhere' | null>(null);

  async function signOut() {
    setBusy('here');
    // Signed out in this browser whatever the server said: nothing more to tell.
    await session.signOut().catch(() => undefined);
    onSignedOut(null);
  }

  async function signOutEverywhere() {
    setBusy('everywhere');
    try {
      await session.signOutEverywhere();
      onSignedOut({ kind: 'success', message: SIGN_OUT_MESSAGES.everywhere });
    } catch {
      onSignedOut({ kind: 'error', message: SIGN_OUT_MESSAGES.everywhereFailed });
    }
  }

  return (
    <AccountSection
      headingId={headingId}
      title="Sessions"
      lead="Signed in on a device you no longer use, or think someone else is? Sign out of all devices, this one included."
    >
      <div className={styles.actions}>
        <Button variant="danger" disabled={busy !== null} onClick={() => void signOutEverywhere()}>
          {busy === 'everywhere' ? 'Signing out of all devices...' : 'Sign out of all devices'}
        </Button>
        <Button disabled={busy !== null} onClick={() => void signOut()}>
          {busy === 'here' ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </div>
    </AccountSection>
  );
}
