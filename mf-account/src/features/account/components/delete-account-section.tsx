import type { SubscriptionView } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { FieldForm } from '../../../components/field-form.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import type { RemoteData } from '../../../lib/use-remote-data.ts';
import { deleteAccount } from '../api/delete-account.ts';
import {
  deleteAccountErrorField,
  deleteAccountErrorMessage,
  EMPTY_DELETE_ACCOUNT,
  planEndingWarning,
  validateDeleteAccount,
} from '../domain/delete-account-form.ts';
import { AccountSection } from './account-section.tsx';
import styles from './account-page.module.css';

/** The password, then the final, destructive button and the way back. Mounted only once the reader asked to delete. */
function ConfirmDeletion({ email, onDeleted, onKeep }: { email: string; onDeleted: (email: string) => void; onKeep: () => void }) {
  const form = useFieldForm(EMPTY_DELETE_ACCOUNT);
  const submit = form.submit({
    validate: validateDeleteAccount,
    send: async (values) => {
      await deleteAccount({ password: values.password });
      // The page says it is done before the store forgets the reader, so the signed-out page never shows in between.
      onDeleted(email);
      // identity has ended every session; this forgets this one here (and in the other tabs) the way Sign Out does.
      await session.signOut().catch(() => undefined);
    },
    failure: deleteAccountErrorMessage,
    fieldOf: deleteAccountErrorField,
  });

  return (
    <FieldForm
      status={form.status}
      invalidAttempts={form.invalidAttempts}
      onSubmit={submit}
      submitLabel="Delete my account for good"
      busyLabel="Deleting your account..."
      submitVariant="danger"
      beside={
        <Button disabled={form.busy} onClick={onKeep}>
          Keep my account
        </Button>
      }
      classes={styles}
    >
      <p className={styles.deletionText}>
        Once it is done, we send a confirmation to <EmailAddress>{email}</EmailAddress>.
      </p>
      {/* Lets a password manager fill the password of the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Your password, to confirm"
        name="delete-account-password"
        type="password"
        autoComplete="current-password"
        autoFocus
        {...form.field('password')}
      />
    </FieldForm>
  );
}

/** identity's own reason (409 ADMIN_ACCOUNT), said before the password is asked for rather than after. */
export const ADMIN_CANNOT_DELETE =
  'An administrator’s account cannot be deleted here. Ask another administrator to remove your administrator role first.';

/**
 * "Delete your account", the page's last section: what goes and what is kept, a paid plan that would end, then a
 * first button that only opens the confirmation (the password and the final button), so one click never deletes.
 */
export function DeleteAccountSection({
  email,
  purchases,
  headingId,
  onDeleted,
  isAdmin,
}: {
  email: string;
  /** An administrator's account is not deleted here (identity refuses it): the section says why instead. */
  isAdmin: boolean;
  /** The page's own load of the reader's purchases: the plans it names as ending. */
  purchases: RemoteData<SubscriptionView[]>;
  headingId: string;
  onDeleted: (email: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const openerId = useId();
  const wasConfirming = useRef(false);
  // Back from the confirmation ('Keep my account'), focus returns to the button that opened it.
  useEffect(() => {
    if (wasConfirming.current && !confirming) document.getElementById(openerId)?.focus();
    wasConfirming.current = confirming;
  }, [confirming, openerId]);
  // Nothing while billing is asked; in general if it could not say.
  const planWarning =
    purchases.status === 'ready' ? planEndingWarning(purchases.data) : purchases.status === 'failed' ? planEndingWarning(null) : null;

  return (
    <AccountSection headingId={headingId} title="Delete your account" lead="Deleting your account is permanent: it cannot be undone.">
      <p className={styles.deletionText}>At once, we delete:</p>
      <ul className={styles.deletionList}>
        <li>your account, its e-mail address, your profile and your sessions: every device is signed out;</li>
        <li>your newsletter subscription, your support requests and your place on the waitlist;</li>
        <li>your News Decoder history, and your API keys, which stop working;</li>
        <li>every conversation you had with the chat assistant.</li>
      </ul>
      <p className={styles.deletionText}>We keep the records of your payments, without your name or address, because accounting needs them.</p>
      {planWarning && (
        <p className={styles.deletionText}>
          <strong>{planWarning}</strong>
        </p>
      )}
      {isAdmin ? (
        <p className={styles.deletionText}>{ADMIN_CANNOT_DELETE}</p>
      ) : confirming ? (
        <ConfirmDeletion email={email} onDeleted={onDeleted} onKeep={() => setConfirming(false)} />
      ) : (
        <div className={styles.actions}>
          <Button id={openerId} variant="danger" onClick={() => setConfirming(true)}>
            Delete my account…
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
