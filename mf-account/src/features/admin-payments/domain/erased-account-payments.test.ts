import type { ErasedAccountPayment } from '@keisha/contracts/billing';
import { describe, expect, it } from 'vitest';
import { erasedAccountPaymentsPath, markReturnedPath, paymentName, providerLabel, providerReferences, returnedLabel } from './erased-account-payments.ts';

const payment: ErasedAccountPayment = {
  id: '66666666-6666-4666-8666-000000000001',
  subscription_id: '66666666-6666-4666-8666-000000000001',
  user_id: '22222222-2222-4222-8222-222222222222',
  product: 'chat',
  tier: 'Starter',
  amount: 7,
  currency: 'USD',
  provider: 'cashapp',
  payment_method: 'cashapp',
  provider_ref: null,
  payment_refs: [],
  arrived_at: '2026-12-05T10:00:00.000Z',
  returned_at: null,
  returned_by: null,
};

describe('payments for deleted accounts', () => {
  it('asks billing for one page at a time, and marks one by its purchase id', () => {
    expect(erasedAccountPaymentsPath(2)).toBe('/api/billing/admin/erased-account-payments?page=2&page_size=20');
    expect(markReturnedPath(payment.id)).toBe(`/api/billing/admin/erased-account-payments/${payment.id}/returned`);
  });

  it('names the provider and every reference to look for there, once each', () => {
    expect(providerLabel('coinbase')).toBe('Coinbase (Bitcoin)');
    expect(providerReferences({ provider_ref: 'I-ABC', payment_refs: ['SALE-1', 'I-ABC', 'SALE-2'] })).toEqual(['I-ABC', 'SALE-1', 'SALE-2']);
    expect(providerReferences(payment)).toEqual([]);
    expect(paymentName(payment)).toBe('Cash App, $7.00 for Chat Starter');
    expect(paymentName({ ...payment, provider: 'paypal', provider_ref: 'I-ABC' })).toBe('PayPal I-ABC, $7.00 for Chat Starter');
  });

  it('says when it was returned, once marked', () => {
    expect(returnedLabel(payment)).toBeNull();
    expect(returnedLabel({ returned_at: '2026-12-06T09:30:00.000Z' })).toBe('Returned Dec 6, 2026');
  });
});
