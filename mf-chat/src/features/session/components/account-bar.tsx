import { useKeisha } from '@keisha/store';
import styles from './account-bar.module.css';

/** Spec section 2 ("Chat app"): shown while the chat app authenticates. */
export const AUTHENTICATING = 'Authenticating...';

/** Who is signed in to the chat ('Authenticating...' until the session is known). */
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
    <span className={styles.account}>
      <span className={styles.avatar} aria-hidden="true">
        {email.charAt(0).toUpperCase()}
      </span>
      <span className={styles.email} title={email}>
        {email}
      </span>
    </span>
  );
}
