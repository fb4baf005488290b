import type { AdminPaymentActionResponse, ManualPaymentView } from '@keisha/contracts/billing';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { RemoteList } from '../../../components/remote-list.tsx';
import { useRowAction } from '../../../components/row-actions.tsx';
import { countLabel } from '../../../lib/format.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { approveManualPayment } from '../api/approve-manual-payment.ts';
import { getManualPayments } from '../api/get-manual-payments.ts';
import { refundPayment } from '../api/refund-payment.ts';
import { rejectManualPayment } from '../api/reject-manual-payment.ts';
import {
  actionDoneMessage,
  actionFailedMessage,
  applyToList,
  confirmationFor,
  manualPaymentsPath,
  type PaymentAction,
  type PaymentsFilter,
} from '../domain/manual-payments.ts';
import { ErasedAccountPaymentsSection } from './erased-account-payments-section.tsx';
import { PaymentsFilterControl } from './payments-filter.tsx';
import { PaymentsTable } from './payments-table.tsx';
import pageStyles from './manual-payments-page.module.css';

type Pending = { payment: ManualPaymentView; action: PaymentAction };

const CALLS: Record<PaymentAction, (id: string) => Promise<AdminPaymentActionResponse>> = {
  approve: approveManualPayment,
  reject: rejectManualPayment,
  refund: refundPayment,
};

const DESCRIPTION =
  'Cash App payments are matched by hand: find the amount in Cash App with the account email in the note, then approve it. The plan starts at once.';

/**
 * /admin/payments: manual Cash App payments waiting for approval, and the refunds of paid ones; then the payments
 * that arrived for deleted accounts, to send back.
 */
export function ManualPaymentsPage() {
  const [filter, setFilter] = useState<PaymentsFilter>('pending');
  const payments = useRemoteData(manualPaymentsPath(filter), (signal) => getManualPayments(filter, signal));
  const list = payments.state.data;
  const change = useRowAction<Pending>({
    rowIdOf: ({ payment }) => payment.id,
    confirmationOf: ({ payment, action }) => confirmationFor(action, payment),
    run: async ({ payment, action }) => {
      const response = await CALLS[action](payment.id);
      const updated: ManualPaymentView = { ...payment, ...(response?.subscription ?? {}), email: payment.email };
      if (response?.subscription) payments.update((rows) => applyToList(rows, updated, filter));
      else payments.reload();
      return actionDoneMessage(action, payment);
    },
    failedText: ({ payment, action }) => actionFailedMessage(action, payment),
    // The payment may have changed meanwhile (another admin approved it): show it as it is now.
    onFailed: () => payments.reload(),
  });

  return (
    <>
      <PageHeader
        title="Manual payments"
        description={
          list && filter === 'pending' ? `${countLabel(list.length, 'payment', 'payments')} waiting for approval. ${DESCRIPTION}` : DESCRIPTION
        }
      />
      <div className={pageStyles.toolbar}>
        <PaymentsFilterControl
          value={filter}
          onChange={(next) => {
            change.clearOutcome();
            setFilter(next);
          }}
        />
      </div>
      <RemoteList
        list={payments}
        what="manual payments"
        notices={change.notice}
      >
        {(data, busy) => (
          <PaymentsTable
            payments={data}
            savingId={change.savingId}
            busy={busy}
            empty={filter === 'pending' ? 'No Cash App payments are waiting for approval.' : 'No Cash App payments yet.'}
            onChange={(payment, action) => change.request({ payment, action })}
          />
        )}
      </RemoteList>
      {change.dialog}
      <ErasedAccountPaymentsSection />
    </>
  );
}
