import { useState } from 'react';
import styles from '../../../components/admin-list.module.css';
import type { Column } from '../../../components/data-table.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { countLabel, formatDateTime } from '../../../lib/format.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getDemoRequests } from '../api/get-demo-requests.ts';
import { demoRequestsPath, DEMO_REQUESTS_PAGE_SIZE, isNotAvailableYet, type DemoRequest } from '../domain/demo-requests.ts';

const columns: Column<DemoRequest>[] = [
  { header: 'Email', rowHeader: true, cell: (request) => <span className={styles.email}>{request.email}</span> },
  {
    header: 'Requested',
    cell: (request) => (
      <time dateTime={request.created_at}>
        {formatDateTime(request.created_at)}
      </time>
    ),
  },
];

const DESCRIPTION = 'Enterprise visitors who asked for a demo from the chat settings.';

/** /admin/demo-requests: enterprise demo requests, kept by the billing service. */
export function DemoRequestsPage() {
  const [page, setPage] = useState(1);
  const requests = useRemoteData(demoRequestsPath(page), (signal) => getDemoRequests(page, signal));
  const { state } = requests;
  const list = state.data;
  const loading = state.status === 'loading';

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
      {state.status === 'failed' && (
        <LoadFailed error={state.error} fallback='Could not load demo requests. Please try again.' onRetry={requests.reload} />
      )}
      {!list && loading && <Loading label="Loading demo requests..." />}
      {list && (
        <PagedTable
          caption="Demo requests"
          columns={columns}
          rows={list.requests}
          rowKey={(request) => request.id}
          empty="No demo requests yet."
          busy={loading}
          stacked={false}
          pagesLabel="Demo requests pages"
          info={{ page: list.page || page, pageSize: list.page_size || DEMO_REQUESTS_PAGE_SIZE, total: list.total }}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
