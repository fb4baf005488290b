import type { AdminPaymentActionResponse, ManualPaymentView } from '@keisha/contracts/billing';
import { useState } from 'react';
import styles from '../../../components/admin-list.module.css';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
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
import { PaymentsFilterControl } from './payments-filter.tsx';
import { PaymentsTable } from './payments-table.tsx';
import pageStyles from './manual-payments-page.module.css';

type Outcome = { kind: 'success' | 'error'; message: string };
type Pending = { payment: ManualPaymentView; action: PaymentAction };

const CALLS: Record<PaymentAction, (id: string) => Promise<AdminPaymentActionResponse>> = {
  approve: approveManualPayment,
  reject: rejectManualPayment,
  refund: refundPayment,
};

const DESCRIPTION =
  'Cash App payments are matched by hand: find the amount in Cash App with the account email in the note, then approve it. The plan starts at once.';

/** /admin/payments: manual Cash App payments waiting for approval, and the refunds of paid ones. */
export function ManualPaymentsPage() {
  const [filter, setFilter] = useState<PaymentsFilter>('pending');
  const payments = useRemoteData(manualPaymentsPath(filter), (signal) => getManualPayments(filter, signal));
  const [pending, setPending] = useState<Pending | null>(null);
  const [savingId, setSavingId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = payments.state.data;
  const loading = payments.state.status === 'loading';

  async function apply({ payment, action }: Pending) {
    setSavingId(payment.id);
    setOutcome(null);
    try {
      const response = await CALLS[action](payment.id);
      const updated: ManualPaymentView = { ...payment, ...(response?.subscription ?? {}), email: payment.email };
      if (response?.subscription) payments.update((rows) => applyToList(rows, updated, filter));
      else payments.reload();
      setOutcome({ kind: 'success', message: actionDoneMessage(action, payment) });
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessage(error, actionFailedMessage(action, payment)) });
      // The payment may have changed meanwhile (another admin approved it): show it as it is now.
      payments.reload();
    } finally {
      setSavingId(null);
    }
  }

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
            setOutcome(null);
            setFilter(next);
          }}
        />
      </div>
      <div className={styles.notices}>
        {outcome && <Notice kind={outcome.kind}>{outcome.message}</Notice>}
        {payments.state.status === 'failed' && (
          <LoadFailed error={payments.state.error} fallback='Could not load manual payments. Please try again.' onRetry={payments.reload} />
        )}
      </div>

      {!list && loading && <Loading label="Loading manual payments..." />}
      {list && (
        <PaymentsTable
          payments={list}
          savingId={savingId}
          busy={loading}
          empty={filter === 'pending' ? 'No Cash App payments are waiting for approval.' : 'No Cash App payments yet.'}
          onAction={(payment, action) => {
            if (!savingId) setPending({ payment, action });
          }}
        />
      )}

      {pending && (
        <ConfirmDialog
          confirmation={confirmationFor(pending.action, pending.payment)}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            void apply(pending);
          }}
        />
      )}
    </>
  );
}
