import type { NewsletterDay, NewsletterIssue } from '@keisha/contracts/identity';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { countLabel } from '../../../lib/format.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getNewsletter } from '../api/get-newsletter.ts';
import { saveIssue } from '../api/save-issue.ts';
import { sendTodaysNow } from '../api/send-now.ts';
import { withdrawIssue } from '../api/withdraw-issue.ts';
import { draftErrors, emptyDraft, FORMAT_LABELS, isEditable, KIND_LABELS, runMessage, type IssueDraft } from '../domain/newsletter.ts';
import page from './newsletter-page.module.css';

const FORMAT_OPTIONS = (['markdown', 'text'] as const).map((value) => ({ value, label: FORMAT_LABELS[value] }));

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

const counts = <Row extends { recipients: number; sent: number; pending: number; failed: number }>(): Column<Row>[] => [
  { header: 'Recipients', cell: (row) => row.recipients },
  { header: 'Sent', cell: (row) => row.sent },
  { header: 'Pending', cell: (row) => row.pending },
  { header: 'Failed', cell: (row) => row.failed },
];

const dayColumns: Column<NewsletterDay>[] = [
  { header: 'Day', rowHeader: true, cell: (row) => row.day },
  { header: 'Kind', cell: (row) => KIND_LABELS[row.kind] },
  { header: 'Subject', cell: (row) => row.subject },
  ...counts<NewsletterDay>(),
];

/** /admin/newsletter: write and schedule issues of the daily newsletter, and see what went out to how many. */
export function NewsletterPage() {
  const id = useId();
  const [refreshes, setRefreshes] = useState(0);
  const overview = useRemoteData(`admin-newsletter#${refreshes}`, (signal) => getNewsletter(signal));
  const [draft, setDraft] = useState<IssueDraft>(() => emptyDraft());
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<keyof IssueDraft, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const data = overview.state.data;
  const busy = status.kind === 'busy';
  const reload = () => setRefreshes((n) => n + 1);

  const edit = (field: keyof IssueDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function act(work: () => Promise<string>) {
    setStatus({ kind: 'busy' });
    try {
      setStatus({ kind: 'done', message: await work() });
      reload();
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, 'That did not work. Please try again.') });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await act(async () => {
      const saved = await saveIssue(draft, editing);
      setDraft(emptyDraft());
      setEditing(undefined);
      return `${editing ? 'Saved' : 'Scheduled'} “${saved.subject}” for ${saved.day}.`;
    });
  }

  const startEditing = (issue: NewsletterIssue) => {
    setDraft({ day: issue.day, subject: issue.subject, body: issue.body, format: issue.format });
    setEditing(issue.id);
    setErrors({});
    setStatus({ kind: 'idle' });
  };

  const issueColumns: Column<NewsletterIssue>[] = [
    { header: 'Day', rowHeader: true, cell: (issue) => issue.day },
    { header: 'Subject', cell: (issue) => issue.subject },
    { header: 'Format', cell: (issue) => FORMAT_LABELS[issue.format] },
    ...counts<NewsletterIssue>(),
    {
      header: 'Actions',
      stackedLabel: false,
      cell: (issue) =>
        isEditable(issue) ? (
          <div className={page.actions}>
            <Button size="small" disabled={busy} onClick={() => startEditing(issue)}>
              Edit
            </Button>
            <Button size="small" variant="danger" disabled={busy} onClick={() => void act(async () => (await withdrawIssue(issue.id), `Withdrew “${issue.subject}”.`))}>
              Withdraw
            </Button>
          </div>
        ) : (
          'Sent'
        ),
    },
  ];

  const description = data
    ? `${countLabel(data.subscribers, 'reader', 'readers')} subscribed. Each day from ${String(data.send_hour_utc).padStart(2, '0')}:00 UTC, readers whose plan includes it get the issue written for that day or, when there is none, the automatic one: the coded term of the day and their own week of analyses.`
    : 'The daily newsletter of the Monthly and Annual plans.';

  return (
    <>
      <PageHeader
        title="Newsletter"
        description={description}
        actions={
          <>
            <Button disabled={overview.state.status === 'loading'} onClick={reload}>
              Refresh
            </Button>
            <Button variant="primary" disabled={busy} onClick={() => void act(async () => {
              return runMessage(await sendTodaysNow());
            })}>
              Send today’s now
            </Button>
          </>
        }
      />
      {status.kind === 'done' && <Notice kind="success">{status.message}</Notice>}
      {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}

      <form className={page.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-write`}>
        <h2 id={`${id}-write`} className={page.heading}>
          {editing ? 'Edit the issue' : 'Write an issue'}
        </h2>
        <div className={page.row}>
          <TextField label="Day (UTC)" name="issue-day" type="date" value={draft.day} onChange={edit('day')} error={errors.day} disabled={busy} />
          <SelectField label="Format" options={FORMAT_OPTIONS} value={draft.format} onChange={edit('format')} disabled={busy} />
        </div>
        <TextField label="Subject" name="issue-subject" value={draft.subject} onChange={edit('subject')} error={errors.subject} disabled={busy} maxLength={200} />
        <TextAreaField
          label="Body"
          rows={10}
          hint="Markdown: # heading, **bold**, *italic*, - lists, [links](https://example.org); an image is sent as a link to it. Every reader also gets the unsubscribe link."
          value={draft.body}
          onChange={edit('body')}
          error={errors.body}
          disabled={busy}
        />
        <div className={page.actions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {editing ? 'Save changes' : 'Schedule issue'}
          </Button>
          {editing && (
            <Button disabled={busy} onClick={() => (setEditing(undefined), setDraft(emptyDraft()), setErrors({}))}>
              Cancel
            </Button>
          )}
        </div>
      </form>

      {overview.state.status === 'failed' && (
        <LoadFailed error={overview.state.error} fallback="Could not load the newsletter. Please try again." onRetry={overview.reload} />
      )}
      {!data && overview.state.status === 'loading' && <Loading label="Loading the newsletter..." />}
      {data && (
        <>
          <h2 className={page.heading}>Issues</h2>
          <DataTable caption="Newsletter issues" columns={issueColumns} rows={data.issues} rowKey={(issue) => issue.id} empty="No issues written yet: each day goes out as the automatic one." />
          <h2 className={page.heading}>What went out</h2>
          <DataTable caption="What went out" columns={dayColumns} rows={data.days} rowKey={(day) => `${day.day}:${day.kind}`} empty="Nothing has gone out yet." />
        </>
      )}
    </>
  );
}
