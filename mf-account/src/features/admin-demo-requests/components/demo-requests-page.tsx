import type { Column } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { dateTimeColumn, emailColumn } from '../../../components/table-columns.tsx';
import { countLabel } from '../../../lib/format.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getDemoRequests } from '../api/get-demo-requests.ts';
import { demoRequestsPath, DEMO_REQUESTS_PAGE_SIZE, isNotAvailableYet, type DemoRequest } from '../domain/demo-requests.ts';

const columns: Column<DemoRequest>[] = [emailColumn('Email', (request) => request.email), dateTimeColumn('Requested', (request) => request.created_at)];

const DESCRIPTION = 'Enterprise visitors who asked for a demo from the chat settings.';

/** /admin/demo-requests: enterprise demo requests, kept by the billing service. */
export function DemoRequestsPage() {
  const requests = usePagedList(demoRequestsPath, getDemoRequests, DEMO_REQUESTS_PAGE_SIZE);
  const { state } = requests.list;
  const list = state.data;

  if (state.status === 'failed' && isNotAvailableYet(state.error)) {
    return (
      <>
        <PageHeader title="Demo requests" description={DESCRIPTION} />
        <Notice kind="info">
          Demo requests are not available yet. The billing service does not list them so far; they will appear here
          once it does.
        </Notice>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Demo requests"
        description={list ? `${countLabel(list.total, 'request', 'requests')}. ${DESCRIPTION}` : DESCRIPTION}
      />
      <PagedTable
        {...requests}
        what="demo requests"
        rowsOf={(data) => data.requests}
        caption="Demo requests"
        columns={columns}
        empty="No demo requests yet."
        stacked={false}
      />
    </>
  );
}
