import { session, useKeisha } from '@keisha/store';
import { AccountChip, AccountPageLinks, buttonStyles as buttons, KeishaLogo, ThemeToggle } from '@keisha/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useAuthDialogState, type AuthDialogState } from '../hooks/use-auth-dialog-state.ts';
import { useGuestMode } from '../hooks/use-guest-mode.ts';
import { AuthDialog } from './auth-dialog.tsx';
import styles from './decoder-header.module.css';

/** Spec section 2: a visitor without an account is shown as 'Guest User'. */
export const GUEST_LABEL = 'Guest User';
/** Spec section 2: shown while the session is being restored. */
export const RESTORING_LABEL = 'Loading...';
/** Not in the spec: said beneath the reason while identity cannot confirm the reader's sign-in. */
export const UNCONFIRMED_NOTE = 'You have not been signed out. Until your sign-in is confirmed, analyses count as a guest’s.';

/**
 * The decoder's top bar: product title, the way home, who is using it, and signing in or out. The page
 * may own the account dialog's state (to open it from elsewhere, in create mode); otherwise the header does.
 */
export function DecoderHeader({ authDialog }: { authDialog?: AuthDialogState } = {}) {
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const email = useKeisha((s) => s.auth.user?.email ?? null);
  // A sign-in identity could not confirm just now (it is asked about again by itself): said, not hidden.
  const unconfirmed = useKeisha((s) => (s.auth.user ? null : s.auth.unconfirmed));
  const ownDialog = useAuthDialogState();
  const dialog = authDialog ?? ownDialog;
  const { close: closeDialog } = dialog;
  const signingOut = useRef(false);
  const { continueAsGuest } = useGuestMode();
  const who = email ?? GUEST_LABEL;

  // Signed in elsewhere (another tab) while the dialog was open: there is nothing left to ask.
  useEffect(() => {
    if (email) closeDialog();
  }, [email, closeDialog]);

  async function signOut() {
    if (signingOut.current) return;
    signingOut.current = true;
    try {
      await session.signOut();
    } catch {
      // The session ends on this page whatever the server answered; there is nothing to retry.
    } finally {
      signingOut.current = false;
    }
  }

  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <KeishaLogo className={styles.logo} size={36} />
        <h1 className={styles.title}>Keisha News Decoder</h1>
      </div>
      <div className={styles.actions}>
        <Link className={`${buttons.navLink} ${styles.homeLink}`} to="/">
          <HomeIcon />
          Home
        </Link>
        <AccountPageLinks link={Link} className={`${buttons.navLink} ${styles.siteLink}`} />
        {restored ? (
          <>
            <AccountChip name={who} className={styles.user} />
            {/* One button that changes role, so focus stays on it across signing in and out. */}
            <button
              type="button"
              className={`${email ? buttons.secondary : buttons.primary} ${styles.authButton}`}
              onClick={email ? () => void signOut() : () => dialog.open('sign-in')}
            >
              {email ? 'Logout' : 'Sign In'}
            </button>
          </>
        ) : (
          <span className={styles.restoring} role="status">
            {RESTORING_LABEL}
          </span>
        )}
      </div>
      <ThemeToggle className={styles.themeToggle} />
      {restored && unconfirmed && (
        <div className={styles.notice} role="status">
          <p className={styles.noticeText}>
            {unconfirmed.message} {UNCONFIRMED_NOTE}
          </p>
          <button type="button" className={`${buttons.secondary} ${styles.noticeButton}`} onClick={() => void session.confirm()}>
            Try Again
          </button>
        </div>
      )}
      {dialog.mode && (
        <AuthDialog key={dialog.mode} initialMode={dialog.mode} onClose={closeDialog} onContinueAsGuest={continueAsGuest} />
      )}
    </header>
  );
}

function HomeIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 11.5 12 5l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5h-5v5H5a1 1 0 0 1-1-1v-7.5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
