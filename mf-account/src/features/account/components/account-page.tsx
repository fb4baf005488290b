import type { SiteUser } from '@keisha/store';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/card.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { useSiteAuth } from '../../../lib/use-site-auth.ts';
import { ApiKeysSection } from '../../api-keys/components/api-keys-section.tsx';
import { NewsletterSection } from '../../newsletter/components/newsletter-section.tsx';
import { SupportSection } from '../../support/components/support-section.tsx';
import { useOwnPurchases } from '../api/own-purchases.ts';
import { AccountSummary } from './account-summary.tsx';
import { ConfirmAddressSection } from './confirm-address-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DownloadDataSection } from './download-data-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SignOutSection, type SignOutOutcome } from './sign-out-section.tsx';
import styles from './account-page.module.css';

function SignedInAccount({
  user,
  onSignedOut,
  onDeleted,
}: {
  user: SiteUser;
  onSignedOut: (outcome: SignOutOutcome | null) => void;
  onDeleted: (email: string) => void;
}) {
  const id = useId();
  const purchases = useOwnPurchases(user.id);
  return (
    <div className={styles.sections}>
      <ConfirmAddressSection />
      <AccountSummary user={user} headingId={`${id}-account`} purchases={purchases} />
      <ProfileSection userId={user.id} headingId={`${id}-profile`} />
      <EmailSection email={user.email} headingId={`${id}-email`} />
      <PasswordSection email={user.email} headingId={`${id}-password`} />
      <ApiKeysSection userId={user.id} headingId={`${id}-api`} />
      <NewsletterSection userId={user.id} headingId={`${id}-newsletter`} />
      <SupportSection userId={user.id} headingId={`${id}-support`} />
      <SignOutSection headingId={`${id}-sessions`} onSignedOut={onSignedOut} />
      <DownloadDataSection headingId={`${id}-download`} />
      <DeleteAccountSection email={user.email} isAdmin={user.role === 'admin'} purchases={purchases.state} headingId={`${id}-delete`} onDeleted={onDeleted} />
    </div>
  );
}

/** After the account was deleted (the reader is signed out by then): what happened, and the way home. */
function AccountDeleted({ email }: { email: string }) {
  const content = useRef<HTMLDivElement>(null);
  // The button that was pressed is gone: focus comes here, so the message is what is read next.
  useEffect(() => content.current?.focus(), []);
  return (
    <Card title="Account deleted">
      <div ref={content} tabIndex={-1} className={styles.signedOut}>
        <Notice kind="success">
          Your account was deleted. We sent a confirmation to <EmailAddress>{email}</EmailAddress>.
        </Notice>
        <p className={styles.text}>
          <Link to={paths.home}>Go to the home page</Link>
        </p>
      </div>
    </Card>
  );
}

/** The reader's own account: details, profile, password, sessions, a copy of their data and deletion; or the way to sign in. */
export function AccountPage() {
  const auth = useSiteAuth();
  const [signedOut, setSignedOut] = useState<SignOutOutcome | null>(null);
  const [deletedEmail, setDeletedEmail] = useState<string | null>(null);

  if (deletedEmail !== null) return <AccountDeleted email={deletedEmail} />;
  if (!auth.user && !auth.sessionRestored) return <Loading />;
  return (
    <Card title="Your Account" wide={Boolean(auth.user)}>
      {auth.user ? (
        <SignedInAccount key={auth.user.id} user={auth.user} onSignedOut={setSignedOut} onDeleted={setDeletedEmail} />
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
