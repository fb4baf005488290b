import { SUPPORT_TEXT, type AdminSupportRequest, type SupportStatus } from '@keisha/contracts/identity';
import { useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { dateTimeColumn, emailColumn } from '../../../components/table-columns.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { countLabel } from '../../../lib/format.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getSupportRequests, markSupportRequestAnswered } from '../api/support-requests.ts';
import { FoldedText } from './folded-text.tsx';
import { ReplyDialog } from './reply-dialog.tsx';
import { answeredMeanwhile, planLabel, replyLink, STATUS_TABS, SUPPORT_PAGE_SIZE, supportRequestsPath } from '../domain/support-requests.ts';
import styles from './support-page.module.css';

/** An answered request whose answer went by e-mail ("Mark answered"): its text is in the mail program, not here. */
const ANSWERED_BY_MAIL = 'Written by e-mail (not kept here)';
const DESCRIPTION = 'Readers’ requests from their account page. Priority ones (Monthly and Annual plans) come first; answer them within one business day.';

/**
 * /admin/support: open requests priority first then oldest first, answered from the console ("Reply…": identity mails
 * the answer and marks the request answered), by e-mail (a mailto link) then "Mark answered"; and the answered ones
 * with the console's answers.
 */
export function SupportPage() {
  const [status, setStatus] = useState<SupportStatus>('open');
  const [refreshes, setRefreshes] = useState(0);
  const [marking, setMarking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [replying, setReplying] = useState<AdminSupportRequest | null>(null);
  const [replied, setReplied] = useState<string | null>(null);
  const requests = usePagedList((page) => `${supportRequestsPath(page, status)}#${refreshes}`, (page, signal) => getSupportRequests(page, status, signal), SUPPORT_PAGE_SIZE);
  const data = requests.list.state.data;

  async function markAnswered(request: AdminSupportRequest) {
    setMarking(request.id);
    setFailure(null);
    setReplied(null);
    try {
      await markSupportRequestAnswered(request.id);
      setRefreshes((n) => n + 1);
    } catch (error) {
      setFailure(errorMessage(error, `Could not mark “${request.subject}” answered. Please try again.`));
    } finally {
      setMarking(null);
    }
  }

  const columns: Column<AdminSupportRequest>[] = [
    { header: 'Subject', rowHeader: true, cell: (request) => <span className={styles.subject}>{request.subject}</span> },
    { header: 'Priority', cell: (request) => (request.priority ? <Badge tone="accent">{SUPPORT_TEXT.priorityBadge}</Badge> : '—') },
    { header: 'Plan', cell: planLabel },
    emailColumn('From', (request) => request.email),
    { header: 'Message', cell: (request) => <FoldedText text={request.message} what="message" /> },
    dateTimeColumn('Sent', (request) => request.created_at),
    ...(status === 'answered'
      ? [
          dateTimeColumn<AdminSupportRequest>('Answered', (request) => request.answered_at ?? ''),
          { header: 'Answer', cell: (request: AdminSupportRequest) => (request.reply === null ? ANSWERED_BY_MAIL : <FoldedText text={request.reply} what="answer" />) },
        ]
      : []),
    {
      header: 'Actions',
      stackedLabel: false,
      cell: (request) => (
        <span className={styles.actions}>
          {request.status === 'open' && (
            <Button size="small" variant="primary" disabled={marking !== null} aria-label={`Reply to ${request.email} about ${request.subject}`} onClick={() => { setReplied(null); setFailure(null); setReplying(request); }}>
              {SUPPORT_TEXT.replyButton}
            </Button>
          )}
          <a href={replyLink(request)} aria-label={`Write to ${request.email} by e-mail about ${request.subject}`}>
            By e-mail
          </a>
          {request.status === 'open' && (
            <Button size="small" disabled={marking !== null} aria-label={`Mark answered: ${request.subject}`} onClick={() => void markAnswered(request)}>
              {marking === request.id ? 'Marking…' : 'Mark answered'}
            </Button>
          )}
        </span>
      ),
    },
  ];

  const choose = (next: SupportStatus) => {
    setStatus(next);
    requests.onPageChange(1);
  };
  const label = STATUS_TABS.find((tab) => tab.status === status)!.label;

  return (
    <>
      <PageHeader
        title="Support"
        description={data ? `${countLabel(data.total, 'request', 'requests')} ${label.toLowerCase()}. ${DESCRIPTION}` : DESCRIPTION}
        actions={
          <Button disabled={requests.list.state.status === 'loading'} onClick={() => setRefreshes((n) => n + 1)}>
            Refresh
          </Button>
        }
      />
      <div className={styles.filters} role="group" aria-label="Show requests">
        {STATUS_TABS.map((tab) => (
          <Button key={tab.status} size="small" variant={status === tab.status ? 'primary' : 'secondary'} aria-pressed={status === tab.status} onClick={() => choose(tab.status)}>
            {tab.label}
          </Button>
        ))}
      </div>
      {failure && <Notice kind="error">{failure}</Notice>}
      {replied && <Notice kind="success">{replied}</Notice>}
      {replying && (
        <ReplyDialog
          request={replying}
          onCancel={() => setReplying(null)}
          onSent={(answered) => {
            setReplying(null);
            setReplied(SUPPORT_TEXT.replied(answered.email));
            setRefreshes((n) => n + 1);
          }}
          onFailed={(error) => {
            if (answeredMeanwhile(error)) setRefreshes((n) => n + 1);
          }}
        />
      )}
      <PagedTable
        {...requests}
        what="support requests"
        rowsOf={(shown) => shown.requests}
        caption={`${label} support requests`}
        columns={columns}
        empty={status === 'open' ? 'No open requests.' : 'No answered requests yet.'}
      />
    </>
  );
}
