import type { AdminUserRow } from '@keisha/contracts/identity';
import { useKeisha } from '@keisha/store';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
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
import { deletedMessage } from '../domain/delete-user.ts';
import { usersFoundLabel } from '../domain/user-display.ts';
import {
  normaliseSearch,
  pageForSearch,
  SEARCH_DEBOUNCE_MS,
  userIdsOf,
  usersListPath,
  USERS_PAGE_SIZE,
} from '../domain/users-query.ts';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { UsersTable } from './users-table.tsx';
import headerStyles from '../../../components/page-header.module.css';
import styles from './users-page.module.css';

type Requested = { user: AdminUserRow; change: UserChange };

/**
 * /admin: every account, searchable by email, with its plan and usage, role and status controls, and the deletion
 * of a reader's account (after the address is typed as the confirmation).
 */
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
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const [deleted, setDeleted] = useState<{ email: string } | null>(null);
  const deletedNotice = useRef<HTMLDivElement>(null);
  // The deleted row took the focus with it: the line saying it is done gets it.
  useEffect(() => {
    if (deleted) deletedNotice.current?.focus();
  }, [deleted]);

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

  function accountDeleted(user: AdminUserRow) {
    setDeleting(null);
    changes.clearOutcome();
    setDeleted({ email: user.email });
    // The row leaves at once; the page is then read again, so the next account moves up into it.
    users.update((data) => ({
      ...data,
      users: data.users.filter((row) => row.id !== user.id),
      total: Math.max(0, data.total - 1),
    }));
    users.reload();
  }

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
        notices={
          <>
            {changes.notice}
            {deleted && (
              <div ref={deletedNotice} tabIndex={-1}>
                <Notice kind="success">{deletedMessage(deleted.email)}</Notice>
              </div>
            )}
          </>
        }
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
              onChange={(user, change) => {
                setDeleted(null);
                changes.request({ user, change });
              }}
              onDelete={(user) => {
                if (!changes.savingId) setDeleting(user); // one change at a time, as for the other buttons
              }}
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
      {deleting && (
        <DeleteUserDialog user={deleting} onDeleted={accountDeleted} onFailed={users.reload} onCancel={() => setDeleting(null)} />
      )}
    </>
  );
}
