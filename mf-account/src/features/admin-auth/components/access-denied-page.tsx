import { session } from '@keisha/store';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './access-denied-page.module.css';

/** /admin for someone signed in without the admin role: a 403, with a way home or to another account. */
export function AccessDeniedPage({ email }: { email: string }) {
  return (
    <Card title="Access denied" lead="The admin area is for administrators only.">
      <p className={styles.text}>
        You are signed in as <EmailAddress strong>{email}</EmailAddress>, which is not an administrator account.
      </p>
      <div className={styles.actions}>
        <Link className={styles.homeLink} to={paths.home}>
          Go to the home page
        </Link>
        <Button onClick={() => void session.signOut().catch(() => undefined)}>Sign out and use another account</Button>
      </div>
    </Card>
  );
}
