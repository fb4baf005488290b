import type { ManualPaymentView } from '@keisha/contracts/billing';
import { Badge } from '../../../components/badge.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { RowActions, useRowNameId, type RowActionTableProps } from '../../../components/row-actions.tsx';
import { dateTimeColumn } from '../../../components/table-columns.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ACTION_LABELS, actionsFor, amountLabel, planLabel, statusLabel, statusTone, type PaymentAction } from '../domain/manual-payments.ts';
import styles from './manual-payments-page.module.css';

export function PaymentsTable({ payments, savingId, busy, empty, onChange }: { payments: readonly ManualPaymentView[] } & RowActionTableProps<ManualPaymentView, PaymentAction>) {
  const payerId = useRowNameId();

  const columns: Column<ManualPaymentView>[] = [
    {
      header: 'Account',
      rowHeader: true,
      cell: (payment) => (
        <EmailAddress id={payerId(payment)}>{payment.email ?? payment.user_id}</EmailAddress>
      ),
    },
    { header: 'Plan', cell: (payment) => planLabel(payment) },
    { header: 'Amount', cell: (payment) => <span className={styles.amount}>{amountLabel(payment.amount)}</span> },
    {
      header: 'Cash App note',
      cell: (payment) => (payment.email ? <code className={styles.note}>{payment.email}</code> : <span className={styles.muted}>No email</span>),
    },
    dateTimeColumn('Started', (payment) => payment.created_at),
    {
      header: 'Status',
      cell: (payment) => (
        <span className={styles.status}>
          <Badge tone={statusTone(payment.status)}>{statusLabel(payment.status)}</Badge>
          {payment.grants_access && payment.current_period_end && (
            <span className={styles.muted}>{`until ${formatDate(payment.current_period_end)}`}</span>
          )}
        </span>
      ),
    },
    {
      header: 'Actions',
      stackedLabel: false,
      cell: (payment) => {
        const actions = actionsFor(payment);
        if (actions.length === 0) return <span className={styles.muted}>No action</span>;
        const saving = savingId === payment.id;
        const buttons = actions.map((action) => ({
          key: action,
          label: saving ? 'Saving...' : ACTION_LABELS[action],
          variant: action === 'approve' ? ('primary' as const) : action === 'refund' ? ('secondary' as const) : ('danger' as const),
          onClick: () => onChange(payment, action),
        }));
        return <RowActions buttons={buttons} describedBy={payerId(payment)} saving={saving} />;
      },
    },
  ];

  return <DataTable caption="Manual payments" columns={columns} rows={payments} rowKey={(payment) => payment.id} empty={empty} busy={busy} />;
}
