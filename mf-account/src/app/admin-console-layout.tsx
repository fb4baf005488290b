import { session } from '@keisha/store';
import { cardStyles as card } from '@keisha/ui';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { Button } from '../components/button.tsx';
import { Notice } from '../components/notice.tsx';
import { paths } from '../config/paths.ts';
import { errorMessage } from '../lib/error-message.ts';
import styles from './admin-console-layout.module.css';

const SECTIONS = [
  { to: paths.admin.users, label: 'Users', end: true },
  { to: paths.admin.waitlist, label: 'Waitlist', end: false },
  { to: paths.admin.demoRequests, label: 'Demo requests', end: false },
  { to: paths.admin.payments, label: 'Manual payments', end: false },
  { to: paths.admin.analytics, label: 'Analytics', end: false },
  { to: paths.admin.outbox, label: 'Outbox', end: false },
  { to: paths.admin.newsletter, label: 'Newsletter', end: false },
  { to: paths.admin.support, label: 'Support', end: false },
] as const;

/** The console's frame: its sections, who is signed in, and the way out; the section's page below. */
export function AdminConsoleLayout({ email }: { email: string }) {
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);

  async function signOut() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await session.signOut();
    } catch (error) {
      // The session is closed in this browser whatever the server said; say so if the server did not hear it.
      setSignOutError(errorMessage(error, 'You are signed out here, but the server could not be told.'));
      setSigningOut(false);
    }
  }

  return (
    <div className={styles.console}>
      <header className={`${card.card} ${styles.bar}`}>
        <p className={styles.brand}>Admin console</p>
        <nav className={styles.nav} aria-label="Admin sections">
          <ul className={styles.navList}>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink className={styles.navLink} to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.account}>
          <p className={styles.who}>
            Signed in as <span className={styles.email}>{email}</span>
          </p>
          <Button size="small" disabled={signingOut} onClick={() => void signOut()}>
            {signingOut ? 'Signing Out...' : 'Sign Out'}
          </Button>
          {signOutError && (
            <div className={styles.signOutError}>
              <Notice kind="error">{signOutError}</Notice>
            </div>
          )}
        </div>
      </header>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
