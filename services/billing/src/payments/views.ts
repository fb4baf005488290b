// Rows as the API shows them (one place for snake_case rows -> response shapes).
import type { ManualPaymentView, SubscriptionView } from '@keisha/contracts/billing';
import type { SubscriptionRow } from '../db/database.ts';
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
