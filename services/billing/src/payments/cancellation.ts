// A buyer's (or an administrator's) Cancel. Two different things share the spec's one call:
// closing a checkout that is not paid yet, and stopping a paid plan from renewing. Which one is meant is
// what the reader's page showed (`expected_status`), else the purchase's state when the call arrives; the
// decision is then taken under the purchase's row lock, in `fulfil`, so a payment confirmed first always
// wins: the close of a checkout that turned out paid changes nothing and is refused (409 ALREADY_PAID).
import { randomUUID } from 'node:crypto';
import { CANCEL_REFUSALS } from '@keisha/contracts/billing';
import type { SubscriptionRow } from '../db/database.ts';
import type { PaymentSignal } from '../domain/subscription-state.ts';
import type { Payments } from './context.ts';
import { fulfil } from './fulfilment.ts';
import { ProviderError } from '../domain/ports.ts';

export type CancelIntent = 'close-checkout' | 'stop-renewal';

export type CancelOutcome =
  | { ok: true; subscription: SubscriptionRow }
  | { ok: false; status: 409; code: 'ALREADY_PAID' | 'NOT_CANCELLABLE'; reason: string; subscription: SubscriptionRow }
  | { ok: false; status: 502 | 503; code: 'PROVIDER_ERROR' | 'PROVIDER_UNAVAILABLE'; reason: string; error?: unknown };

const PAID = new Set<SubscriptionRow['status']>(['active', 'cancelled']);

/** What a cancel means for a purchase in this state, given what the reader saw (pure). */
export function cancelIntent(row: Pick<SubscriptionRow, 'status' | 'lifetime'>, expected: 'pending' | 'active' | undefined): CancelIntent | { refused: 'ALREADY_PAID' | 'NOT_CANCELLABLE'; reason: string } {
  const seen = expected ?? (row.status === 'pending' ? 'pending' : 'active');
  if (seen === 'pending') return PAID.has(row.status) ? { refused: 'ALREADY_PAID', reason: CANCEL_REFUSALS.alreadyPaid } : 'close-checkout';
  if (row.status === 'pending') return { refused: 'NOT_CANCELLABLE', reason: CANCEL_REFUSALS.notPaid };
  if (row.lifetime) return { refused: 'NOT_CANCELLABLE', reason: CANCEL_REFUSALS.lifetime };
  if (row.status !== 'active' && row.status !== 'cancelled') return { refused: 'NOT_CANCELLABLE', reason: CANCEL_REFUSALS.notActive };
  return 'stop-renewal';
}

export async function cancelPurchase(
  payments: Payments,
  row: SubscriptionRow,
  request: { expected?: 'pending' | 'active'; reason?: string; actor: string },
): Promise<CancelOutcome> {
  const intent = cancelIntent(row, request.expected);
  if (typeof intent === 'object') return { ok: false, status: 409, code: intent.refused, reason: intent.reason, subscription: row };
  // A repeated Cancel of a plan already cancelled is answered as the first one was.
  if (intent === 'stop-renewal' && row.status === 'cancelled') return { ok: true, subscription: row };

  if (intent === 'stop-renewal' && row.provider === 'paypal' && row.provider_ref) {
    if (!payments.paypal?.cancel) return { ok: false, status: 503, code: 'PROVIDER_UNAVAILABLE', reason: 'PayPal is not configured here' };
    try {
      await payments.paypal.cancel(row.provider_ref, request.reason ?? 'Cancelled by the subscriber');
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return { ok: false, status: 502, code: 'PROVIDER_ERROR', reason: 'PayPal refused the cancellation', error };
    }
  }

  const note = request.reason?.trim() ? `cancelled: ${request.reason.trim()}` : undefined;
  const signal: PaymentSignal =
    intent === 'close-checkout' ? { kind: 'abandoned', reason: note ?? 'checkout closed by the buyer' } : { kind: 'cancelled', ...(note ? { reason: note } : {}) };
  const result = await fulfil(payments.db, {
    source: 'account',
    eventId: `cancel:${row.id}:${randomUUID()}`,
    eventType: intent === 'close-checkout' ? 'checkout.close' : 'subscription.cancel',
    subscriptionId: row.id,
    signal,
    actor: request.actor,
  });
  const updated = result.subscription ?? row;
  if (intent === 'close-checkout') {
    // Decided under the row lock: a payment confirmed before this cancel keeps the plan.
    if (PAID.has(updated.status)) return { ok: false, status: 409, code: 'ALREADY_PAID', reason: CANCEL_REFUSALS.alreadyPaid, subscription: updated };
    if (updated.status !== 'failed') return { ok: false, status: 409, code: 'NOT_CANCELLABLE', reason: CANCEL_REFUSALS.notActive, subscription: updated };
    return { ok: true, subscription: updated };
  }
  if (updated.status !== 'cancelled') return { ok: false, status: 409, code: 'NOT_CANCELLABLE', reason: CANCEL_REFUSALS.notActive, subscription: updated };
  return { ok: true, subscription: updated };
}
