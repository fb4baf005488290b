import type { ManualPaymentView } from '@keisha/contracts/billing';
import { useId } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { ACTION_LABELS, actionsFor, amountLabel, planLabel, statusLabel, statusTone, type PaymentAction } from '../domain/manual-payments.ts';
import styles from './manual-payments-page.module.css';

export function PaymentsTable({
  payments,
  savingId,
  busy,
  empty,
  onAction,
}: {
  payments: readonly ManualPaymentView[];
  savingId: string | null;
  busy: boolean;
  empty: string;
  onAction: (payment: ManualPaymentView, action: PaymentAction) => void;
}) {
  const idPrefix = useId();
  const payerId = (payment: ManualPaymentView) => `${idPrefix}-payer-${payment.id}`;

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
    {
      header: 'Started',
      cell: (payment) => (
        <time className={styles.nowrap} dateTime={payment.created_at}>
          {formatDateTime(payment.created_at)}
        </time>
      ),
    },
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
          onClick: () => onAction(payment, action),
        }));
        return <RowActions buttons={buttons} describedBy={payerId(payment)} saving={saving} />;
      },
    },
  ];

  return <DataTable caption="Manual payments" columns={columns} rows={payments} rowKey={(payment) => payment.id} empty={empty} busy={busy} />;
}
