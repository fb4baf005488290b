import { EARLY_ACCESS, type EarlyAccessReader } from '@keisha/contracts/billing';
import type { Column } from '../../../components/data-table.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { RemoteList } from '../../../components/remote-list.tsx';
import { dateTimeColumn, emailColumn } from '../../../components/table-columns.tsx';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getEarlyAccess } from '../api/get-early-access.ts';

const columns: Column<EarlyAccessReader>[] = [
  emailColumn('Email', (reader) => reader.email ?? `Account ${reader.user_id}`),
  dateTimeColumn('Gold since', (reader) => reader.since),
];

/**
 * Chat Gold sells early access: its readers are invited to what opens next before the waitlist. Billing says who
 * they are; this list sits above the waitlist so whoever sends the invitations starts with them.
 */
export function EarlyAccessList() {
  const readers = useRemoteData('early-access', (signal) => getEarlyAccess(signal));
  return (
    <section aria-labelledby="early-access-title">
      <h2 id="early-access-title">{EARLY_ACCESS.adminTitle}</h2>
      <RemoteList list={readers} what="the early-access list">
        {(rows, busy) => <DataTable caption={EARLY_ACCESS.adminTitle} columns={columns} rows={rows} rowKey={(reader) => reader.user_id} empty={EARLY_ACCESS.adminEmpty} busy={busy} stacked={false} />}
      </RemoteList>
    </section>
  );
}
