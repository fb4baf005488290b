import { SUPPORT_REPLY_MAX, SUPPORT_TEXT, type AdminSupportRequest } from '@keisha/contracts/identity';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Notice } from '../../../components/notice.tsx';
import { TextAreaField } from '../../../components/text-field.tsx';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import { replyToSupportRequest } from '../api/support-requests.ts';
import { replyErrorField, replyErrorMessage, replyErrors } from '../domain/support-requests.ts';
import dialogStyles from '../../../components/confirm-dialog.module.css';
import styles from './reply-dialog.module.css';

function focusFieldOf(dialog: HTMLDialogElement | null) {
  dialog?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
}

/**
 * Answering a support request from the console: the request as the reader wrote it, the answer (checked with
 * identity's rules before it is sent), and identity's refusal if any. identity mails the answer to the reader and
 * marks the request answered. Mount it only while it is open.
 */
export function ReplyDialog({
  request,
  onSent,
  onFailed,
  onCancel,
}: {
  request: AdminSupportRequest;
  onSent: (request: AdminSupportRequest) => void;
  /** identity refused (someone may have answered it meanwhile): the list is asked again. */
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const form = useFieldForm({ reply: '' });

  useEffect(() => {
    if (form.invalidAttempts > 0) focusFieldOf(dialog.current);
  }, [form.invalidAttempts]);

  const submit = form.submit({
    validate: replyErrors,
    send: async ({ reply }) => {
      let answered: AdminSupportRequest;
      try {
        answered = await replyToSupportRequest(request.id, reply);
      } catch (error) {
        onFailed(error);
        throw error;
      }
      onSent(answered);
    },
    failure: (error) => replyErrorMessage(error, request.subject),
    fieldOf: replyErrorField,
  });
  const cancel = () => {
    if (!form.busy) onCancel();
  };

  return (
    <ModalDialog dialogRef={dialog} labelledBy={titleId} describedBy={bodyId} onCancel={cancel} focusOnOpen={focusFieldOf}>
      <h2 id={titleId} className={dialogStyles.title}>
        Re: {request.subject}
      </h2>
      <div id={bodyId} className={styles.request}>
        <p className={styles.from}>From {request.email}</p>
        <p className={styles.message}>{request.message}</p>
      </div>
      <form className={dialogStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label={SUPPORT_TEXT.replyLabel}
          hint={SUPPORT_TEXT.replyHint}
          name="support-reply"
          rows={8}
          maxLength={SUPPORT_REPLY_MAX}
          {...form.field('reply')}
          disabled={false}
          readOnly={form.busy}
        />
        {form.status.kind === 'failed' && <Notice kind="error">{form.status.message}</Notice>}
        <div className={dialogStyles.actions}>
          <Button aria-disabled={form.busy || undefined} onClick={cancel}>
            {SUPPORT_TEXT.cancelReply}
          </Button>
          <Button type="submit" variant="primary" aria-disabled={form.busy || undefined}>
            {form.busy ? SUPPORT_TEXT.sendingReply : SUPPORT_TEXT.sendReply}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
