import type { AdminUserRow } from '@keisha/contracts/identity';
import { useKeisha } from '@keisha/store';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { RemoteList } from '../../../components/remote-list.tsx';
import { useRowAction } from '../../../components/row-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { pageCount, pageInfoOf } from '../../../lib/pagination.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { getAdminUsers } from '../api/get-admin-users.ts';
import { getEntitlements } from '../api/get-entitlements.ts';
import { getUsage } from '../api/get-usage.ts';
import { updateAdminUser } from '../api/update-admin-user.ts';
import {
  changeDoneMessage,
  changeFailedMessage,
  confirmationFor,
  type UserChange,
} from '../domain/user-changes.ts';
import { usersFoundLabel } from '../domain/user-display.ts';
import {
  normaliseSearch,
  pageForSearch,
  SEARCH_DEBOUNCE_MS,
  userIdsOf,
  usersListPath,
  USERS_PAGE_SIZE,
} from '../domain/users-query.ts';
import { UsersTable } from './users-table.tsx';
import headerStyles from '../../../components/page-header.module.css';
import styles from './users-page.module.css';

type Requested = { user: AdminUserRow; change: UserChange };

/** /admin: every account, searchable by email, with its plan and usage, and role and status controls. */
export function UsersPage() {
  const currentUserId = useKeisha((s) => s.auth.user?.id);
  const [search, setSearch] = useState('');
  const query = normaliseSearch(useDebouncedValue(search, SEARCH_DEBOUNCE_MS));
  const [paging, setPaging] = useState({ query: '', page: 1 });
  const page = pageForSearch(paging, query);

  const users = useRemoteData(usersListPath({ query, page }), (signal) => getAdminUsers({ query, page }, signal));
  const list = users.state.data;
  const rows = list?.users ?? [];
  const ids = userIdsOf(rows);
  const idsKey = ids.length ? ids.join(',') : null;
  const plans = useRemoteData(idsKey, (signal) => getEntitlements(ids, signal));
  const usage = useRemoteData(idsKey, (signal) => getUsage(ids, signal));


  // A page past the end (the list shrank since it was counted): go to the last one that exists.
  const lastPage = list ? pageCount(list.total, list.page_size || USERS_PAGE_SIZE) : 1;
  useEffect(() => {
    if (users.state.status === 'ready' && rows.length === 0 && page > lastPage) setPaging({ query, page: lastPage });
  }, [users.state.status, rows.length, page, lastPage, query]);

  const changes = useRowAction<Requested>({
    rowIdOf: ({ user }) => user.id,
    confirmationOf: ({ user, change }) => confirmationFor(change, user.email),
    run: async ({ user, change }) => {
      const response = await updateAdminUser(user.id, change);
      const updated = response?.user;
      users.update((data) => ({
        ...data,
        users: data.users.map((row) => (row.id === user.id ? { ...row, ...(updated ?? {}), id: row.id } : row)),
      }));
      if (!updated && change.kind !== 'unlock') users.reload();
      return changeDoneMessage(change, user.email);
    },
    failedText: ({ user }) => changeFailedMessage(user.email),
  });

  return (
    <>
      <PageHeader title="Users" description="Every Keisha account: plans, today's usage, roles and access." />
      <form className={`${headerStyles.header} ${styles.toolbar}`} role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          className={styles.search}
          label="Search users"
          type="search"
          placeholder="Search by email"
          autoComplete="off"
          spellCheck={false}
          value={search}
          onChange={setSearch}
        />
        {list && (
          <p className={styles.found} aria-live="polite">
            {usersFoundLabel(list.total, query)}
          </p>
        )}
      </form>

      <RemoteList
        list={users}
        what="users"
        notices={changes.notice}
      >
        {(data, busy) => (
          <>
            <UsersTable
              users={data.users}
              plans={plans.state}
              usage={usage.state}
              currentUserId={currentUserId}
              savingId={changes.savingId}
              busy={busy}
              empty={query ? `No users match “${query}”.` : 'No users yet.'}
              onChange={(user, change) => changes.request({ user, change })}
            />
            <Pagination
              label="Users pages"
              info={pageInfoOf(data, page, USERS_PAGE_SIZE)}
              rowsOnPage={data.users.length}
              busy={busy}
              onPageChange={(next) => setPaging({ query, page: next })}
            />
          </>
        )}
      </RemoteList>
      {changes.dialog}
    </>
  );
}
