import type { AdminUserRow } from '@keisha/contracts/identity';
import { Badge } from '../../../components/badge.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { RowActions, useRowNameId, type RowActionTableProps, type RowButton } from '../../../components/row-actions.tsx';
import { DateTime } from '../../../components/table-columns.tsx';
import { MISSING_VALUE } from '../../../lib/format.ts';
import { planSummary, type Entitlement } from '../../../lib/plan.ts';
import type { RemoteData } from '../../../lib/use-remote-data.ts';
import { canDelete, DELETE_USER_TEXT } from '../domain/delete-user.ts';
import { canChange, changeLabel, roleChangeFor, statusChangeFor, UNLOCK, type UserChange } from '../domain/user-changes.ts';
import { roleLabel, statusLabel, usageSummary, type DailyUsage } from '../domain/user-display.ts';
import styles from './users-page.module.css';

/** A plan or usage cell: '—' when the look-up failed or had nothing for this user, never a guess. */
function LookedUp<T>({ state, id, show }: { state: RemoteData<Record<string, T>>; id: string; show: (value: T | undefined) => string }) {
  if (state.status === 'loading') return <span className={styles.muted}>Loading…</span>;
  if (state.status === 'failed' || !state.data) return <>{MISSING_VALUE}</>;
  return <>{show(state.data[id])}</>;
}

export function UsersTable({
  users,
  plans,
  usage,
  currentUserId,
  savingId,
  busy,
  empty,
  onChange,
  onDelete,
}: {
  users: readonly AdminUserRow[];
  plans: RemoteData<Record<string, Entitlement>>;
  usage: RemoteData<Record<string, DailyUsage>>;
  currentUserId: string | undefined;
  /** A reader's "Delete account…" was pressed: the page asks for the address before anything is deleted. */
  onDelete: (user: AdminUserRow) => void;
} & RowActionTableProps<AdminUserRow, UserChange>) {
  const emailId = useRowNameId();

  const columns: Column<AdminUserRow>[] = [
    {
      header: 'Email',
      rowHeader: true,
      cell: (user) => (
        <span>
          <EmailAddress id={emailId(user)}>{user.email}</EmailAddress>
          {user.id === currentUserId && (
            <span className={styles.you}>
              <Badge tone="accent">You</Badge>
            </span>
          )}
        </span>
      ),
    },
    {
      header: 'Role',
      cell: (user) => <Badge tone={user.role === 'admin' ? 'accent' : 'neutral'}>{roleLabel(user.role)}</Badge>,
    },
    { header: 'Plan', cell: (user) => <LookedUp state={plans} id={user.id} show={planSummary} /> },
    { header: "Today's usage", cell: (user) => <LookedUp state={usage} id={user.id} show={usageSummary} /> },
    {
      header: 'Status',
      cell: (user) => <Badge tone={user.disabled ? 'danger' : 'success'}>{statusLabel(user.disabled)}</Badge>,
    },
    {
      header: 'Created',
      cell: (user) => <DateTime iso={user.created_at} day />,
    },
    {
      header: 'Last sign-in',
      cell: (user) =>
        user.last_sign_in_at ? (
          <DateTime iso={user.last_sign_in_at} day />
        ) : (
          <span className={styles.muted}>Never</span>
        ),
    },
    {
      header: 'Actions',
      stackedLabel: false,
      cell: (user) => {
        if (!canChange(user, currentUserId)) return <span className={styles.ownRow}>Your own account</span>;
        const buttons: RowButton[] = [roleChangeFor(user), statusChangeFor(user), UNLOCK].map((change) => ({
          key: change.kind,
          label: changeLabel(change),
          variant: change.kind === 'status' && change.disabled ? ('danger' as const) : ('secondary' as const),
          onClick: () => onChange(user, change),
        }));
        // Readers only: an administrator's account cannot be deleted until the role is removed.
        if (canDelete(user, currentUserId)) {
          buttons.push({ key: 'delete', label: DELETE_USER_TEXT.button, variant: 'danger', onClick: () => onDelete(user) });
        }
        return <RowActions buttons={buttons} describedBy={emailId(user)} saving={savingId === user.id} />;
      },
    },
  ];

  return <DataTable caption="Users" columns={columns} rows={users} rowKey={(user) => user.id} empty={empty} busy={busy} />;
}
