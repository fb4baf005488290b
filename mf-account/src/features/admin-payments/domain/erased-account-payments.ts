// Money that arrived for a purchase after its account was deleted: billing refused it (nothing was granted) and
// lists it here, for an administrator to refund at the provider and then mark returned.
import { PAYMENT_PATHS, paymentPath, type ErasedAccountPayment, type PaymentProviderName } from '@keisha/contracts/billing';
import type { Confirmation } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { pathWithQuery } from '../../../lib/query-string.ts';
import { amountLabel, planLabel } from './manual-payments.ts';

export const ERASED_ACCOUNT_PAYMENTS_PAGE_SIZE = 20;

/** GET /api/billing/admin/erased-account-payments?page=&page_size= */
export function erasedAccountPaymentsPath(page: number): string {
  return pathWithQuery(PAYMENT_PATHS.adminErasedAccountPayments, { page, page_size: ERASED_ACCOUNT_PAYMENTS_PAGE_SIZE });
}

/** POST /api/billing/admin/erased-account-payments/:id/returned */
export function markReturnedPath(id: string): string {
  return paymentPath(PAYMENT_PATHS.adminMarkErasedAccountPaymentReturned, { id });
}

const PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  coinbase: 'Coinbase (Bitcoin)',
  paypal: 'PayPal',
  cashapp: 'Cash App',
  sandbox: 'Sandbox',
};

export function providerLabel(provider: PaymentProviderName | string): string {
  return PROVIDER_LABELS[provider as PaymentProviderName] ?? provider;
}

/** What to search for at the provider: its id of the purchase, then of each payment (PayPal sales); none for Cash App. */
export function providerReferences(payment: Pick<ErasedAccountPayment, 'provider_ref' | 'payment_refs'>): string[] {
  return [...new Set([payment.provider_ref, ...payment.payment_refs].filter((ref): ref is string => Boolean(ref)))];
}

/** 'PayPal I-BW452GLLEP1G, $14.99 for Decoder Monthly': how messages name a payment. */
export function paymentName(payment: ErasedAccountPayment): string {
  const [reference] = providerReferences(payment);
  return `${providerLabel(payment.provider)}${reference ? ` ${reference}` : ''}, ${amountLabel(payment.amount)} for ${planLabel(payment)}`;
}

export function returnedLabel(payment: Pick<ErasedAccountPayment, 'returned_at'>): string | null {
  return payment.returned_at ? `Returned ${formatDate(payment.returned_at)}` : null;
}

/** Marking is for the record only and cannot be undone: asked first. */
export function markReturnedConfirmation(payment: ErasedAccountPayment): Confirmation {
  return {
    title: `Mark ${amountLabel(payment.amount)} from ${providerLabel(payment.provider)} returned?`,
    body: `Only once the refund of ${paymentName(payment)} was made at ${providerLabel(payment.provider)}. The mark cannot be undone.`,
    confirmLabel: 'Yes, mark returned',
  };
}

export function markedReturnedMessage(payment: ErasedAccountPayment): string {
  return `Marked returned: ${paymentName(payment)}.`;
}

export function markReturnedFailedMessage(payment: ErasedAccountPayment): string {
  return `Could not mark ${paymentName(payment)} returned. Please try again.`;
}
