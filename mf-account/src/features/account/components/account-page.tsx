import { useKeisha } from '@keisha/store';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import styles from './account-page.module.css';

/** The reader's own account: who is signed in, or the way to sign in (accounts live on the decoder). */
export function AccountPage() {
  const email = useKeisha((s) => s.auth.user?.email ?? null);
  return (
    <Card title="Your Account">
      {email ? (
        <p className={styles.text}>
          You are signed in as <strong className={styles.email}>{email}</strong>.
        </p>
      ) : (
        <p className={styles.text}>
          You are not signed in. <Link to="/bias-detection">Sign in on the News Decoder</Link> to see your account.
        </p>
      )}
    </Card>
  );
}
