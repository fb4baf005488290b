import type { AdminUserRow } from '@keisha/contracts/identity';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Notice } from '../../../components/notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import { deleteAdminUser } from '../api/delete-admin-user.ts';
import {
  addressMatches,
  DELETE_USER_TEXT,
  deleteErrorField,
  deleteErrorMessage,
  deleteQuestion,
  typedAddress,
} from '../domain/delete-user.ts';
import dialogStyles from '../../../components/confirm-dialog.module.css';

/** The confirmation's one field: focused when the dialog opens, and again when the server refuses the address. */
function focusFieldOf(dialog: HTMLDialogElement | null) {
  dialog?.querySelector<HTMLInputElement>('input')?.focus();
}

/**
 * The question before a reader's account is deleted, as a modal dialog like the page's other confirmations: what
 * goes and what is kept, the account's address typed as the confirmation (the final button stays disabled until
 * it matches), and the server's refusal if any. Focus starts in the field; Escape or 'Cancel' closes it and focus
 * returns to the row's button. Mount it only while the question is open.
 */
export function DeleteUserDialog({
  user,
  onDeleted,
  onFailed,
  onCancel,
}: {
  user: AdminUserRow;
  /** identity deleted the account. */
  onDeleted: (user: AdminUserRow) => void;
  /** identity refused (the row may have changed meanwhile: its role, its address, or it is gone). */
  onFailed: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const form = useFieldForm({ confirm_email: '' });
  const matches = addressMatches(form.values.confirm_email, user.email);

  // A refusal about the typed address is the field's error: focus goes back to the field, which then says why.
  useEffect(() => {
    if (form.invalidAttempts > 0) focusFieldOf(dialog.current);
  }, [form.invalidAttempts]);

  const submit = form.submit({
    validate: (values) => (addressMatches(values.confirm_email, user.email) ? {} : { confirm_email: DELETE_USER_TEXT.mismatch }),
    send: async (values) => {
      try {
        await deleteAdminUser(user.id, typedAddress(values.confirm_email));
      } catch (error) {
        onFailed();
        throw error;
      }
      onDeleted(user);
    },
    failure: (error) => deleteErrorMessage(error, user.email),
    fieldOf: deleteErrorField,
  });

  // While the request is out, the question stays: its outcome is said here or on the page.
  const cancel = () => {
    if (!form.busy) onCancel();
  };

  return (
    <ModalDialog dialogRef={dialog} labelledBy={titleId} describedBy={bodyId} onCancel={cancel} focusOnOpen={focusFieldOf}>
      <h2 id={titleId} className={dialogStyles.title}>
        {deleteQuestion(user.email)}
      </h2>
      <p id={bodyId} className={dialogStyles.body}>
        {DELETE_USER_TEXT.body}
      </p>
      <form className={dialogStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={DELETE_USER_TEXT.field}
          name="confirm-delete-address"
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('confirm_email')}
          // Kept focusable while the request is out (Enter in the field sends it): read-only, not disabled.
          disabled={false}
          readOnly={form.busy}
        />
        {form.status.kind === 'failed' && <Notice kind="error">{form.status.message}</Notice>}
        <div className={dialogStyles.actions}>
          <Button aria-disabled={form.busy || undefined} onClick={cancel}>
            {DELETE_USER_TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={!matches} aria-disabled={form.busy || undefined}>
            {form.busy ? DELETE_USER_TEXT.busy : DELETE_USER_TEXT.confirm}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
