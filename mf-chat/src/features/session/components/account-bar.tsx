import { useKeisha } from '@keisha/store';
import { AccountChip, buttonStyles as buttons } from '@keisha/ui';
import { Link } from 'react-router-dom';
import styles from './account-bar.module.css';

/** Spec section 2 ("Chat app"): shown while the chat app authenticates. */
export const AUTHENTICATING = 'Authenticating...';

/** The account page and the public API's documentation (shell routes), reachable from the chat's header (issue 28). */
export const SITE_LINKS = { account: '/account', developers: '/developers' } as const;

/** Who is signed in to the chat ('Authenticating...' until the session is known), and their account's pages. */
export function AccountBar() {
  const email = useKeisha((s) => s.auth.user?.email ?? null);
  const restored = useKeisha((s) => s.auth.sessionRestored);

  if (!email) {
    return restored ? null : (
      <p className={styles.pending} role="status">
        {AUTHENTICATING}
      </p>
    );
  }

  return (
    <>
      <AccountChip name={email} className={styles.account} />
      <nav className={styles.links} aria-label="Your account">
        <Link className={`${buttons.navLink} ${styles.link}`} to={SITE_LINKS.account}>
          Account
        </Link>
        <Link className={`${buttons.navLink} ${styles.link}`} to={SITE_LINKS.developers}>
          API
        </Link>
      </nav>
    </>
  );
}
