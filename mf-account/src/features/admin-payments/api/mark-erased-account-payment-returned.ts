import type { AdminErasedAccountPaymentResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { markReturnedPath } from '../domain/erased-account-payments.ts';

/** POST …/erased-account-payments/:id/returned: records that the money was refunded at the provider (the first mark stands). */
export function markErasedAccountPaymentReturned(id: string): Promise<AdminErasedAccountPaymentResponse> {
  return session.request<AdminErasedAccountPaymentResponse>(markReturnedPath(id), { method: 'POST', body: {} });
}
