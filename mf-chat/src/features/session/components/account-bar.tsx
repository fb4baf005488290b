import { useKeisha } from '@keisha/store';
import { AccountChip, AccountPageLinks, buttonStyles as buttons } from '@keisha/ui';
import { Link } from 'react-router-dom';
import styles from './account-bar.module.css';

/** Spec section 2 ("Chat app"): shown while the chat app authenticates. */
export const AUTHENTICATING = 'Authenticating...';

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
        <AccountPageLinks link={Link} className={`${buttons.navLink} ${styles.link}`} />
      </nav>
    </>
  );
}
