import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXT, type SupportRequest } from '@keisha/contracts/identity';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { FieldForm } from '../../../components/field-form.tsx';
import { Loading } from '../../../components/loading.tsx';
import { DateTime } from '../../../components/table-columns.tsx';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFieldForm } from '../../../lib/use-field-form.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getSupportRequests, sendSupportRequest } from '../api/support-requests.ts';
import { levelText, receivedText, supportFormErrors, type SupportFormValues } from '../domain/support-form.ts';
import styles from './support-section.module.css';

const EMPTY: SupportFormValues = { subject: '', message: '' };

/** The account page's "Contact support" (/account#support): what the plan gives, the form, and past requests. */
export function SupportSection({ userId, headingId }: { userId: string; headingId: string }) {
  const remote = useRemoteData(`support:${userId}`, (signal) => getSupportRequests(signal));
  const form = useFieldForm(EMPTY);
  const [sent, setSent] = useState<SupportRequest | null>(null);
  const page = remote.state.data;

  const submit = form.submit({
    validate: supportFormErrors,
    send: async (values) => {
      const stored = await sendSupportRequest({ subject: values.subject, message: values.message });
      setSent(stored);
      remote.update((data) => ({ ...data, requests: [stored, ...data.requests], total: data.total + 1 }));
      return EMPTY;
    },
    failure: (error) => errorMessage(error, 'Could not send your request. Please try again.'),
  });

  return (
    <section id="support" className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {SUPPORT_TEXT.heading}
      </h2>
      {page ? (
        <p className={styles.lead} data-priority={page.level.priority}>
          {levelText(page.level)}
          {!page.level.priority && (
            <>
              {' '}
              {SUPPORT_TEXT.upgrade} <Link to={paths.pricing}>See the plans</Link>
            </>
          )}
        </p>
      ) : remote.state.status === 'failed' ? (
        <div className={styles.row}>
          {/* Not an alert: the form still works, and this part says so where it stands. */}
          <p className={styles.lead}>{errorMessage(remote.state.error, 'Could not load your support requests.')}</p>
          <Button size="small" onClick={remote.reload}>
            Try again
          </Button>
        </div>
      ) : (
        <Loading label="Loading..." />
      )}
      <FieldForm
        status={form.status}
        onSubmit={submit}
        done={sent ? receivedText(sent.priority) : undefined}
        submitLabel={SUPPORT_TEXT.send}
        busyLabel={SUPPORT_TEXT.sending}
        classes={styles}
        invalidAttempts={form.invalidAttempts}
      >
        <TextField label={SUPPORT_TEXT.subjectLabel} name="support-subject" maxLength={SUPPORT_SUBJECT_MAX} autoComplete="off" {...form.field('subject')} />
        <TextAreaField label={SUPPORT_TEXT.messageLabel} name="support-message" rows={6} maxLength={SUPPORT_MESSAGE_MAX} {...form.field('message')} />
      </FieldForm>
      {page && <PastRequests requests={page.requests} headingId={`${headingId}-past`} />}
    </section>
  );
}

function PastRequests({ requests, headingId }: { requests: readonly SupportRequest[]; headingId: string }) {
  return (
    <div className={styles.past}>
      <h3 id={headingId} className={styles.pastTitle}>
        {SUPPORT_TEXT.pastHeading}
      </h3>
      {requests.length === 0 ? (
        <p className={styles.lead}>{SUPPORT_TEXT.noRequests}</p>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {requests.map((request) => (
            <li key={request.id} className={styles.item}>
              <span className={styles.subject}>{request.subject}</span>
              <span className={styles.meta}>
                <DateTime iso={request.created_at} />
                {request.priority && <Badge tone="accent">{SUPPORT_TEXT.priorityBadge}</Badge>}
                <Badge tone={request.status === 'answered' ? 'success' : 'neutral'}>{request.status === 'answered' ? SUPPORT_TEXT.statusAnswered : SUPPORT_TEXT.statusOpen}</Badge>
              </span>
              {request.reply !== null && (
                <div className={styles.reply}>
                  <p className={styles.replyTitle}>
                    {SUPPORT_TEXT.replyHeading}
                    {request.answered_at && (
                      <>
                        {', '}
                        <DateTime iso={request.answered_at} />
                      </>
                    )}
                  </p>
                  <p className={styles.replyText}>{request.reply}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
