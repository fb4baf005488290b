import type { ManualPaymentView } from '@keisha/contracts/billing';
import { MEMBER } from './session.ts';

/** A pending monthly Decoder payment by Cash App from MEMBER, as billing's admin list gives it; `overrides` change any field. */
export function manualPayment(overrides: Partial<ManualPaymentView> = {}): ManualPaymentView {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    user_id: MEMBER.id,
    email: MEMBER.email,
    product: 'decoder',
    tier: 'monthly',
    status: 'pending',
    provider: 'cashapp',
    payment_method: 'cashapp',
    amount: 14.99,
    currency: 'USD',
    current_period_end: null,
    lifetime: false,
    grants_access: false,
    failure_reason: null,
    activated_at: null,
    cancelled_at: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
