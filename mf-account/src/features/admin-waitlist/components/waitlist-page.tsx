import type { WaitlistEntry } from '@keisha/contracts/identity';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import type { Column } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { dateTimeColumn, emailColumn } from '../../../components/table-columns.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { countLabel } from '../../../lib/format.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { exportWaitlistCsv } from '../api/export-waitlist-csv.ts';
import { getWaitlist } from '../api/get-waitlist.ts';
import { WAITLIST_CSV_FILENAME, waitlistPath, WAITLIST_PAGE_SIZE } from '../domain/waitlist.ts';
import { EarlyAccessList } from './early-access-list.tsx';

const columns: Column<WaitlistEntry>[] = [emailColumn('Email', (entry) => entry.email), dateTimeColumn('Joined', (entry) => entry.created_at)];

type ExportState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** /admin/waitlist: Chat Gold's early access (invited first), then who asked to hear about the wider platform, and the whole list as CSV. */
export function WaitlistPage() {
  const waitlist = usePagedList(waitlistPath, getWaitlist, WAITLIST_PAGE_SIZE);
  const [exporting, setExporting] = useState<ExportState>({ kind: 'idle' });
  const list = waitlist.list.state.data;

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
      <EarlyAccessList />
      <h2>The waitlist</h2>
      <PagedTable
        {...waitlist}
        what="the waitlist"
        notices={
          <>
            {exporting.kind === 'done' && <Notice kind="success">{`The waitlist was downloaded as ${WAITLIST_CSV_FILENAME}.`}</Notice>}
            {exporting.kind === 'failed' && <Notice kind="error">{exporting.message}</Notice>}
          </>
        }
        rowsOf={(data) => data.entries}
        caption="Waitlist"
        columns={columns}
        empty="Nobody has joined the waitlist yet."
        stacked={false}
      />
    </>
  );
}
