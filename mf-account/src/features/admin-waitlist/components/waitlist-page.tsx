import type { WaitlistEntry } from '@keisha/contracts/identity';
import { useState } from 'react';
import styles from '../../../components/admin-list.module.css';
import { Button } from '../../../components/button.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { countLabel, formatDateTime } from '../../../lib/format.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { exportWaitlistCsv } from '../api/export-waitlist-csv.ts';
import { getWaitlist } from '../api/get-waitlist.ts';
import { WAITLIST_CSV_FILENAME, waitlistPath, WAITLIST_PAGE_SIZE } from '../domain/waitlist.ts';

const columns: Column<WaitlistEntry>[] = [
  { header: 'Email', rowHeader: true, cell: (entry) => <span className={styles.email}>{entry.email}</span> },
  {
    header: 'Joined',
    cell: (entry) => (
      <time dateTime={entry.created_at}>
        {formatDateTime(entry.created_at)}
      </time>
    ),
  },
];

type ExportState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** /admin/waitlist: who asked to hear about the wider platform, and the whole list as CSV. */
export function WaitlistPage() {
  const [page, setPage] = useState(1);
  const waitlist = useRemoteData(waitlistPath(page), (signal) => getWaitlist(page, signal));
  const [exporting, setExporting] = useState<ExportState>({ kind: 'idle' });
  const list = waitlist.state.data;
  const loading = waitlist.state.status === 'loading';

  async function exportCsv() {
    setExporting({ kind: 'busy' });
    try {
      await exportWaitlistCsv();
      setExporting({ kind: 'done' });
    } catch (error) {
      setExporting({ kind: 'failed', message: errorMessage(error, 'Could not export the waitlist. Please try again.') });
    }
  }

  return (
    <>
      <PageHeader
        title="Waitlist"
        description={
          list
            ? `${countLabel(list.total, 'person', 'people')} waiting for the full platform.`
            : 'People waiting for the full platform.'
        }
        actions={
          <Button variant="primary" disabled={exporting.kind === 'busy'} onClick={() => void exportCsv()}>
            {exporting.kind === 'busy' ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <div className={styles.notices}>
        {exporting.kind === 'done' && <Notice kind="success">{`The waitlist was downloaded as ${WAITLIST_CSV_FILENAME}.`}</Notice>}
        {exporting.kind === 'failed' && <Notice kind="error">{exporting.message}</Notice>}
        {waitlist.state.status === 'failed' && (
          <LoadFailed error={waitlist.state.error} fallback='Could not load the waitlist. Please try again.' onRetry={waitlist.reload} />
        )}
      </div>

      {!list && loading && <Loading label="Loading the waitlist..." />}
      {list && (
        <PagedTable
          caption="Waitlist"
          columns={columns}
          rows={list.entries}
          rowKey={(entry) => entry.id}
          empty="Nobody has joined the waitlist yet."
          busy={loading}
          stacked={false}
          pagesLabel="Waitlist pages"
          info={{ page: list.page || page, pageSize: list.page_size || WAITLIST_PAGE_SIZE, total: list.total }}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
