import type { AdminManualPaymentsResponse, ManualPaymentView } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { manualPaymentsPath, type PaymentsFilter } from '../domain/manual-payments.ts';

/** GET billing's manual (Cash App) payments: the pending ones oldest first, or all of them (admins only). */
export async function getManualPayments(filter: PaymentsFilter, signal?: AbortSignal): Promise<ManualPaymentView[]> {
  const response = await session.request<AdminManualPaymentsResponse>(manualPaymentsPath(filter), signal ? { signal } : {});
  return Array.isArray(response?.payments) ? response.payments : [];
}
