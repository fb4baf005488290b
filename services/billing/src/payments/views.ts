// Rows as the API shows them (one place for snake_case rows -> response shapes).
import type { ErasedAccountPayment, ManualPaymentView, SubscriptionView } from '@keisha/contracts/billing';
import type { SubscriptionRow } from '../db/database.ts';
import type { ErasedAccountPaymentRecord } from '../db/repositories/erased-account-payments.ts';
import { grantsAccess } from '../domain/entitlements.ts';
import { dollars } from '../domain/purchase.ts';

export function subscriptionView(row: SubscriptionRow, now: Date = new Date()): SubscriptionView {
  return {
    id: row.id,
    user_id: row.user_id,
    product: row.product,
    tier: row.tier,
    status: row.status,
    provider: row.provider,
    payment_method: row.payment_method,
    amount: row.amount_cents === null ? null : dollars(row.amount_cents),
    currency: row.currency,
    current_period_end: row.current_period_end?.toISOString() ?? null,
    lifetime: row.lifetime,
    grants_access: grantsAccess(row, now),
    failure_reason: row.failure_reason,
    activated_at: row.activated_at?.toISOString() ?? null,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function manualPaymentView(row: SubscriptionRow, now: Date = new Date()): ManualPaymentView {
  return { ...subscriptionView(row, now), email: row.email };
}

export function erasedAccountPaymentView(record: ErasedAccountPaymentRecord): ErasedAccountPayment {
  const row = record.subscription;
  return {
    id: row.id,
    subscription_id: row.id,
    user_id: row.user_id,
    product: row.product,
    tier: row.tier,
    amount: row.amount_cents === null ? null : dollars(row.amount_cents),
    currency: row.currency,
    provider: row.provider,
    payment_method: row.payment_method,
    provider_ref: row.provider_ref,
    payment_refs: record.paymentRefs,
    arrived_at: record.arrivedAt.toISOString(),
    returned_at: record.returnedAt?.toISOString() ?? null,
    returned_by: record.returnedBy,
  };
}
