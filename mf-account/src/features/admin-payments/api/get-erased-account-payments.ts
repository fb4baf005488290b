import type { AdminErasedAccountPaymentsResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { erasedAccountPaymentsPath } from '../domain/erased-account-payments.ts';

/** GET billing's payments that arrived for deleted accounts, newest first, one page (admins only). */
export function getErasedAccountPayments(page: number, signal?: AbortSignal): Promise<AdminErasedAccountPaymentsResponse> {
  return session.request<AdminErasedAccountPaymentsResponse>(erasedAccountPaymentsPath(page), signal ? { signal } : {});
}
