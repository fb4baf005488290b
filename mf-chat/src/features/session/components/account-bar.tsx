import { session, useKeisha } from '@keisha/store';
import { useState } from 'react';
import styles from './account-bar.module.css';

/** Spec section 8 ("Chat"): what a failed sign-out shows. */
export const SIGN_OUT_FAILED = 'Error signing out. Please try again.';
/** Spec section 2 ("Chat app"): shown while the chat app authenticates. */
const AUTHENTICATING = 'Authenticating...';

/** Who is signed in to the chat, and the way out. */
export function AccountBar() {
  const email = useKeisha((s) => s.auth.user?.email ?? null);
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    setFailed(false);
    try {
      // On success the shell's '/' shows the landing page in place of this app.
      await session.signOut();
    } catch {
      setFailed(true);
    } finally {
      setSigningOut(false);
    }
  }

  if (!email) {
    return restored ? null : (
      <p className={styles.pending} role="status">
        {AUTHENTICATING}
      </p>
    );
  }

  return (
    <div className={styles.bar}>
      <div className={styles.row}>
        <span className={styles.account}>
          <span className={styles.avatar} aria-hidden="true">
            {email.charAt(0).toUpperCase()}
          </span>
          <span className={styles.email} title={email}>
            {email}
          </span>
        </span>
        <button type="button" className={styles.signOut} onClick={() => void signOut()} aria-disabled={signingOut || undefined}>
          Sign Out
        </button>
      </div>
      {failed && (
        <p className={styles.error} role="alert">
          {SIGN_OUT_FAILED}
        </p>
      )}
    </div>
  );
}
