import type { AdminPaymentActionResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { actionPath } from '../domain/manual-payments.ts';

/** POST .../manual-payments/:id/approve: the Cash App payment arrived; the plan is active at once. */
export function approveManualPayment(id: string): Promise<AdminPaymentActionResponse> {
  return session.request<AdminPaymentActionResponse>(actionPath('approve', id), { method: 'POST', body: {} });
}
