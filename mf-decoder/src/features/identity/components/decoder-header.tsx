import { useKeisha } from '@keisha/store';
import { ThemeToggle } from '@keisha/ui';
import { Link } from 'react-router-dom';
import styles from './decoder-header.module.css';

/** Spec section 2: a visitor without an account is shown as 'Guest User'. */
export const GUEST_LABEL = 'Guest User';

/** The decoder's top bar: product title, the way home, and who is using it. */
export function DecoderHeader() {
  const email = useKeisha((s) => s.auth.user?.email ?? null);
  const who = email ?? GUEST_LABEL;
  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">
          K
        </span>
        <h1 className={styles.title}>Keisha News Decoder</h1>
      </div>
      <div className={styles.actions}>
        <Link className={styles.homeLink} to="/">
          <HomeIcon />
          Home
        </Link>
        <span className={styles.user} title={who}>
          <span className={styles.avatar} aria-hidden="true">
            {who.charAt(0).toUpperCase()}
          </span>
          <span className={styles.userName}>{who}</span>
        </span>
        <ThemeToggle className={styles.themeToggle} />
      </div>
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
