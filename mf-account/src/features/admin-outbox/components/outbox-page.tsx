import { OUTBOX_TEXT } from '@keisha/contracts/identity';
import { useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { dateTimeColumn, DateTime, emailColumn } from '../../../components/table-columns.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { countOutbox, getOutbox, sendOutboxMessageAgain } from '../api/get-outbox.ts';
import {
  canSendAgain,
  countText,
  kindLabel,
  messagesLabel,
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATUSES,
  outboxPath,
  sendAgainFailedMessage,
  STATUS_LABELS,
  statusTone,
  sumCounts,
  type OutboxCount,
  type OutboxMessage,
  type OutboxStatus,
} from '../domain/outbox.ts';
import outbox from './outbox-page.module.css';

const baseColumns: Column<OutboxMessage>[] = [
  // Administrators see whole addresses here as on the Users page: the outbox answers "did my mail go out?".
  emailColumn('Recipient', (message) => message.to),
  { header: 'Subject', cell: (message) => message.subject },
  { header: 'Kind', cell: (message) => kindLabel(message.kind) },
  { header: 'Status', cell: (message) => <Badge tone={statusTone(message.status)}>{STATUS_LABELS[message.status]}</Badge> },
  { header: 'Attempts', cell: (message) => message.attempts },
  { header: 'Last error', cell: (message) => (message.last_error ? <span className={outbox.error}>{message.last_error}</span> : '—') },
  dateTimeColumn('Created', (message) => message.created_at),
  {
    header: 'Sent',
    cell: (message) =>
      message.sent_at ? <DateTime iso={message.sent_at} /> : message.next_attempt_at ? <>Next attempt <DateTime iso={message.next_attempt_at} /></> : '—',
  },
];

const DESCRIPTION =
  'Every message identity has sent or will send: address confirmations and the other account mail. A message that failed can be sent again once the cause is fixed.';

/** /admin/outbox: the mail outbox, newest first, by status, with what went wrong for the messages that failed. */
export function OutboxPage() {
  const [status, setStatus] = useState<OutboxStatus | undefined>(undefined);
  const [refreshes, setRefreshes] = useState(0);
  const messages = usePagedList((page) => `${outboxPath(page, status)}#${refreshes}`, (page, signal) => getOutbox(page, status, signal), OUTBOX_PAGE_SIZE);
  const { list } = messages;
  const counts = useRemoteData(`outbox-counts#${refreshes}`, async (signal) => {
    const totals = await Promise.all(OUTBOX_STATUSES.map((one) => countOutbox(one, signal)));
    return Object.fromEntries(OUTBOX_STATUSES.map((one, i) => [one, totals[i]!])) as Record<OutboxStatus, OutboxCount>;
  });
  const data = list.state.data;
  const loading = list.state.status === 'loading';
  // "Send again" on a failed message: one at a time; the outcome is said above the table.
  const [sending, setSending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function sendAgain(message: OutboxMessage) {
    setSending(message.id);
    setOutcome(null);
    try {
      await sendOutboxMessageAgain(message.id);
      setOutcome({ kind: 'success', text: OUTBOX_TEXT.queued(message.to) });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorMessage(error, sendAgainFailedMessage(message.to)) });
    } finally {
      setSending(null);
      setRefreshes((n) => n + 1);
    }
  }

  const columns: Column<OutboxMessage>[] = [
    ...baseColumns,
    {
      header: 'Actions',
      stackedLabel: false,
      cell: (message) =>
        canSendAgain(message) ? (
          <Button size="small" disabled={sending !== null} aria-label={`${OUTBOX_TEXT.retry}: ${message.subject}, to ${message.to}`} onClick={() => void sendAgain(message)}>
            {sending === message.id ? OUTBOX_TEXT.retrying : OUTBOX_TEXT.retry}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  const known = counts.state.data;

  const choose = (next: OutboxStatus | undefined) => {
    setStatus(next);
    messages.onPageChange(1);
  };
  const filterLabel = (label: string, count: OutboxCount | undefined) => (count === undefined ? label : `${label} (${countText(count)})`);
  const allCount = known ? sumCounts(OUTBOX_STATUSES.map((one) => known[one])) : undefined;

  return (
    <>
      <PageHeader
        title="Outbox"
        description={data ? `${messagesLabel({ count: data.total, capped: data.total_capped === true })}${status ? ` ${STATUS_LABELS[status].toLowerCase()}` : ''}. ${DESCRIPTION}` : DESCRIPTION}
        actions={
          <Button disabled={loading} onClick={() => setRefreshes((n) => n + 1)}>
            Refresh
          </Button>
        }
      />
      <div className={outbox.filters} role="group" aria-label="Show messages">
        <Button size="small" variant={status === undefined ? 'primary' : 'secondary'} aria-pressed={status === undefined} onClick={() => choose(undefined)}>
          {filterLabel('All', allCount)}
        </Button>
        {OUTBOX_STATUSES.map((one) => (
          <Button key={one} size="small" variant={status === one ? 'primary' : 'secondary'} aria-pressed={status === one} onClick={() => choose(one)}>
            {filterLabel(STATUS_LABELS[one], known?.[one])}
          </Button>
        ))}
      </div>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      <PagedTable
        {...messages}
        what="the outbox"
        rowsOf={(shown) => shown.messages}
        caption="Outbox"
        columns={columns}
        empty={status ? `No ${STATUS_LABELS[status].toLowerCase()} messages.` : 'No messages yet.'}
      />
    </>
  );
}
