import { session } from '@keisha/store';
import { useState } from 'react';
import { buttonStyles as buttons } from '@keisha/ui';
import styles from './sign-out-button.module.css';

/** Spec section 8 ("Chat"): what a failed sign-out shows. */
export const SIGN_OUT_FAILED = 'Error signing out. Please try again.';

/**
 * Sign Out (the side panel's Options, and Settings). On success the shell's '/' shows the landing page
 * in place of the chat; the session is ended on this page even when the server cannot be reached.
 */
export function SignOutButton({ className }: { className?: string }) {
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    setFailed(false);
    try {
      await session.signOut();
    } catch {
      setFailed(true);
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={[buttons.secondary, styles.signOut, className].filter(Boolean).join(' ')}
        onClick={() => void signOut()}
        aria-disabled={signingOut || undefined}
      >
        Sign Out
      </button>
      {failed && (
        <p className={styles.error} role="alert">
          {SIGN_OUT_FAILED}
        </p>
      )}
    </>
  );
}
