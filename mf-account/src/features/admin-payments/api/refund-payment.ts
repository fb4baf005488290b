import type { AdminPaymentActionResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { actionPath } from '../domain/manual-payments.ts';

/** POST /api/billing/admin/subscriptions/:id/refund: records a refund made in Cash App; access ends at once. */
export function refundPayment(id: string): Promise<AdminPaymentActionResponse> {
  return session.request<AdminPaymentActionResponse>(actionPath('refund', id), { method: 'POST', body: {} });
}
