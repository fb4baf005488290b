import type { AdminUserRow } from '@keisha/contracts/identity';
import { useKeisha } from '@keisha/store';
import { useEffect, useState } from 'react';
import { ConfirmDialog, type Confirmation } from '../../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { pageCount } from '../../../lib/pagination.ts';
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
import listStyles from '../../../components/admin-list.module.css';
import styles from './users-page.module.css';

type Outcome = { kind: 'success' | 'error'; message: string };
type Pending = { user: AdminUserRow; change: UserChange; confirmation: Confirmation };

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

  const [pending, setPending] = useState<Pending | null>(null);
  const [savingId, setSavingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // A page past the end (the list shrank since it was counted): go to the last one that exists.
  const lastPage = list ? pageCount(list.total, list.page_size || USERS_PAGE_SIZE) : 1;
  useEffect(() => {
    if (users.state.status === 'ready' && rows.length === 0 && page > lastPage) setPaging({ query, page: lastPage });
  }, [users.state.status, rows.length, page, lastPage, query]);

  async function apply(user: AdminUserRow, change: UserChange) {
    setSavingId(user.id);
    setOutcome(null);
    try {
      const response = await updateAdminUser(user.id, change);
      const updated = response?.user;
      users.update((data) => ({
        ...data,
        users: data.users.map((row) => (row.id === user.id ? { ...row, ...(updated ?? {}), id: row.id } : row)),
      }));
      if (!updated && change.kind !== 'unlock') users.reload();
      setOutcome({ kind: 'success', message: changeDoneMessage(change, user.email) });
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessage(error, changeFailedMessage(user.email)) });
    } finally {
      setSavingId(null);
    }
  }

  function requestChange(user: AdminUserRow, change: UserChange) {
    if (savingId) return; // one change at a time: the buttons stay focusable, so they are not disabled
    const confirmation = confirmationFor(change, user.email);
    if (confirmation) setPending({ user, change, confirmation });
    else void apply(user, change);
  }

  const loading = users.state.status === 'loading';
  return (
    <>
      <PageHeader title="Users" description="Every Keisha account: plans, today's usage, roles and access." />
      <form className={styles.toolbar} role="search" onSubmit={(event) => event.preventDefault()}>
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

      <div className={listStyles.notices}>
        {outcome && <Notice kind={outcome.kind}>{outcome.message}</Notice>}
        {users.state.status === 'failed' && (
          <LoadFailed error={users.state.error} fallback='Could not load users. Please try again.' onRetry={users.reload} />
        )}
      </div>

      {!list && loading && <Loading label="Loading users..." />}
      {list && (
        <>
          <UsersTable
            users={rows}
            plans={plans.state}
            usage={usage.state}
            currentUserId={currentUserId}
            savingId={savingId}
            busy={loading}
            empty={query ? `No users match “${query}”.` : 'No users yet.'}
            onChange={requestChange}
          />
          <Pagination
            label="Users pages"
            info={{ page: list.page || page, pageSize: list.page_size || USERS_PAGE_SIZE, total: list.total }}
            rowsOnPage={rows.length}
            busy={loading}
            onPageChange={(next) => setPaging({ query, page: next })}
          />
        </>
      )}

      {pending && (
        <ConfirmDialog
          confirmation={pending.confirmation}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            void apply(pending.user, pending.change);
          }}
        />
      )}
    </>
  );
}
