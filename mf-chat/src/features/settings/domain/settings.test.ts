import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/network-message.ts';
import { CHAT_PRO_PURCHASE_ID, chatProPurchase } from '../../../test-support/chat-records.ts';
import { currentChatPurchase, planStatusOf } from './plan-status.ts';
import { canRequestDemo, DEMO_REQUEST_FAILED, demoFailure, demoReceived } from './demo-request.ts';

describe('the plan line: "Renews on" only for a renewing plan, "Active until" otherwise', () => {
  const purchase = chatProPurchase;

  it('renews an active plan that ends, and says until when a cancelled one runs', () => {
    expect(planStatusOf(purchase({}), 'en-US')).toEqual({ kind: 'renews', label: 'Renews on', date: 'March 3, 2031', purchaseId: CHAT_PRO_PURCHASE_ID });
    expect(planStatusOf(purchase({ status: 'cancelled', cancelled_at: '2030-04-01T00:00:00.000Z' }), 'en-US')).toEqual({ kind: 'ends', label: 'Active until', date: 'March 3, 2031' });
  });

  it('shows nothing for a lifetime plan, no plan, an unknown date or a purchase without access', () => {
    expect(planStatusOf(purchase({ tier: 'Gold', lifetime: true, current_period_end: null }), 'en-US')).toBeNull();
    expect(planStatusOf(null)).toBeNull();
    expect(planStatusOf(purchase({ current_period_end: 'soon' }))).toBeNull();
    expect(planStatusOf(purchase({ status: 'pending', grants_access: false }))).toBeNull();
  });

  it('picks the chat purchase giving access now, the earliest when one is stacked after another', () => {
    const first = purchase({ id: 'a', created_at: '2030-01-01T00:00:00.000Z' });
    const stacked = purchase({ id: 'b', created_at: '2030-02-01T00:00:00.000Z' });
    const decoder = purchase({ id: 'd', product: 'decoder', created_at: '2029-01-01T00:00:00.000Z' });
    expect(currentChatPurchase([stacked, decoder, first])?.id).toBe('a');
    expect(currentChatPurchase([decoder, purchase({ id: 'x', grants_access: false })])).toBeNull();
  });

  it('picks the higher plan after an upgrade, not the earlier lower one', () => {
    const starter = purchase({ id: 's', tier: 'Starter', status: 'cancelled', created_at: '2030-01-01T00:00:00.000Z' });
    const gold = purchase({ id: 'g', tier: 'Gold', lifetime: true, current_period_end: null, created_at: '2030-02-01T00:00:00.000Z' });
    expect(currentChatPurchase([starter, gold])?.id).toBe('g');
    expect(currentChatPurchase([gold, starter])?.id).toBe('g');
  });
});

describe('the enterprise demo request', () => {
  it('needs an email and no request in flight', () => {
    expect(canRequestDemo('', false)).toBe(false);
    expect(canRequestDemo('   ', false)).toBe(false);
    expect(canRequestDemo('cto@uni.edu', true)).toBe(false);
    expect(canRequestDemo('cto@uni.edu', false)).toBe(true);
  });

  it('says the spec’s messages', () => {
    expect(demoReceived()).toEqual({ message: "Thank you! We've received your request and will contact you shortly.", error: false });
    expect(demoFailure(new ApiError(400, 'VALIDATION', 'Please enter a valid email address'))).toEqual({ message: 'Please enter a valid email address', error: true });
    expect(demoFailure(new ApiError(500, 'HTTP_ERROR', 'Request failed (500)'))).toEqual({ message: DEMO_REQUEST_FAILED, error: true });
    expect(demoFailure(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toEqual({ message: NETWORK_ERROR_MESSAGE, error: true });
  });
});
