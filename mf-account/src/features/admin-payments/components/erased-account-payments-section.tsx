import type { AdminErasedAccountPaymentsResponse, ErasedAccountPayment } from '@keisha/contracts/billing';
import type { Column } from '../../../components/data-table.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { RowActions, useRowAction, useRowNameId } from '../../../components/row-actions.tsx';
import { dateTimeColumn } from '../../../components/table-columns.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getErasedAccountPayments } from '../api/get-erased-account-payments.ts';
import { markErasedAccountPaymentReturned } from '../api/mark-erased-account-payment-returned.ts';
import {
  ERASED_ACCOUNT_PAYMENTS_PAGE_SIZE,
  erasedAccountPaymentsPath,
  markedReturnedMessage,
  markReturnedConfirmation,
  markReturnedFailedMessage,
  providerLabel,
  providerReferences,
  returnedLabel,
} from '../domain/erased-account-payments.ts';
import { amountLabel, planLabel } from '../domain/manual-payments.ts';
import styles from './manual-payments-page.module.css';

const TITLE = 'Payments for deleted accounts';

/**
 * Below the manual payments on /admin/payments: money a provider delivered after the account was deleted. Billing
 * granted nothing for it; an administrator refunds it at the provider and marks it returned here.
 */
export function ErasedAccountPaymentsSection() {
  const payments = usePagedList(erasedAccountPaymentsPath, getErasedAccountPayments, ERASED_ACCOUNT_PAYMENTS_PAGE_SIZE);
  const rowNameId = useRowNameId();
  const mark = useRowAction<ErasedAccountPayment>({
    rowIdOf: (payment) => payment.id,
    confirmationOf: markReturnedConfirmation,
    run: async (payment) => {
      const response = await markErasedAccountPaymentReturned(payment.id);
      const marked = response?.payment;
      if (marked) payments.list.update((data: AdminErasedAccountPaymentsResponse) => ({ ...data, payments: data.payments.map((row) => (row.id === marked.id ? marked : row)) }));
      else payments.list.reload();
      return markedReturnedMessage(payment);
    },
    failedText: markReturnedFailedMessage,
    onFailed: () => payments.list.reload(),
  });

  const columns: Column<ErasedAccountPayment>[] = [
    {
      header: 'Payment',
      rowHeader: true,
      cell: (payment) => {
        const references = providerReferences(payment);
        return (
          <span id={rowNameId(payment)} className={styles.status}>
            <span>{providerLabel(payment.provider)}</span>
            {references.length === 0 ? <span className={styles.muted}>No reference</span> : references.map((reference) => <code key={reference} className={styles.note}>{reference}</code>)}
          </span>
        );
      },
    },
    { header: 'Plan', cell: (payment) => planLabel(payment) },
    { header: 'Amount', cell: (payment) => <span className={styles.amount}>{amountLabel(payment.amount)}</span> },
    dateTimeColumn('Arrived', (payment) => payment.arrived_at),
    { header: 'Purchase', cell: (payment) => <code className={styles.note}>{payment.subscription_id}</code> },
    {
      header: 'Returned',
      stackedLabel: false,
      cell: (payment) => {
        const returned = returnedLabel(payment);
        if (returned) return <span title={`${formatDateTime(payment.returned_at)}${payment.returned_by ? ` by ${payment.returned_by}` : ''}`}>{returned}</span>;
        const saving = mark.savingId === payment.id;
        const button = { key: 'returned', label: saving ? 'Saving...' : 'Mark returned', variant: 'primary' as const, onClick: () => mark.request(payment) };
        return <RowActions buttons={[button]} describedBy={rowNameId(payment)} saving={saving} />;
      },
    },
  ];

  return (
    <section aria-labelledby="erased-account-payments-title" className={styles.section}>
      <h2 id="erased-account-payments-title">{TITLE}</h2>
      <p className={styles.muted}>Money that arrived after the account was deleted. Refund it at the provider, then mark it returned.</p>
      <PagedTable
        {...payments}
        what="payments for deleted accounts"
        notices={mark.notice}
        rowsOf={(data) => data.payments}
        caption={TITLE}
        columns={columns}
        empty="No payments arrived for deleted accounts."
      />
      {mark.dialog}
    </section>
  );
}
