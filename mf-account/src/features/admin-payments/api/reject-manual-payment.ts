import type { AdminPaymentActionResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { actionPath } from '../domain/manual-payments.ts';

/** POST .../manual-payments/:id/reject: no matching Cash App payment came; the purchase fails. */
export function rejectManualPayment(id: string): Promise<AdminPaymentActionResponse> {
  return session.request<AdminPaymentActionResponse>(actionPath('reject', id), { method: 'POST', body: {} });
}
