import type { SiteUser } from '@keisha/store';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { useSiteAuth } from '../../../lib/use-site-auth.ts';
import { ApiKeysSection } from '../../api-keys/components/api-keys-section.tsx';
import { NewsletterSection } from '../../newsletter/components/newsletter-section.tsx';
import { SupportSection } from '../../support/components/support-section.tsx';
import { AccountSummary } from './account-summary.tsx';
import { ConfirmAddressSection } from './confirm-address-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SignOutSection, type SignOutOutcome } from './sign-out-section.tsx';
import styles from './account-page.module.css';

function SignedInAccount({ user, onSignedOut }: { user: SiteUser; onSignedOut: (outcome: SignOutOutcome | null) => void }) {
  const id = useId();
  return (
    <div className={styles.sections}>
      <ConfirmAddressSection />
      <AccountSummary user={user} headingId={`${id}-account`} />
      <ProfileSection userId={user.id} headingId={`${id}-profile`} />
      <EmailSection email={user.email} headingId={`${id}-email`} />
      <PasswordSection email={user.email} headingId={`${id}-password`} />
      <ApiKeysSection userId={user.id} headingId={`${id}-api`} />
      <NewsletterSection userId={user.id} headingId={`${id}-newsletter`} />
      <SupportSection userId={user.id} headingId={`${id}-support`} />
      <SignOutSection headingId={`${id}-sessions`} onSignedOut={onSignedOut} />
    </div>
  );
}

/** The reader's own account: details, profile, password and sessions; or the way to sign in. */
export function AccountPage() {
  const auth = useSiteAuth();
  const [signedOut, setSignedOut] = useState<SignOutOutcome | null>(null);

  if (!auth.user && !auth.sessionRestored) return <Loading />;
  return (
    <Card title="Your Account" wide={Boolean(auth.user)}>
      {auth.user ? (
        <SignedInAccount key={auth.user.id} user={auth.user} onSignedOut={setSignedOut} />
      ) : (
        <div className={styles.signedOut}>
          {signedOut && <Notice kind={signedOut.kind}>{signedOut.message}</Notice>}
          <p className={styles.text}>
            You are not signed in. <Link to={paths.decoder}>Sign in on the News Decoder</Link> to see your account.
          </p>
        </div>
      )}
    </Card>
  );
}
