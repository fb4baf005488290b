import { describe, expect, it } from 'vitest';
import { allowanceLine, checkoutIdFrom, formatUntil, planName, readCheckout, readVerifyError } from './payment-return.ts';

const ID = '44444444-4444-4444-8444-444444444444';

function checkout(overrides: Record<string, unknown>) {
  return { success: true, checkout: { id: ID, tier: 'monthly', status: 'pending', provider: 'sandbox', grants_access: false, lifetime: false, current_period_end: null, ...overrides } };
}

describe('checkoutIdFrom', () => {
  it('reads the purchase id billing put in the return link', () => {
    expect(checkoutIdFrom(`?subscription_id=${ID}`)).toBe(ID);
    expect(checkoutIdFrom(`?subscription_id=${ID.toUpperCase()}&subscription_id=${ID.toUpperCase()}`)).toBe(ID);
  });

  it('has none when it is missing, repeated with another value, or not an id', () => {
    expect(checkoutIdFrom('')).toBeNull();
    expect(checkoutIdFrom('?subscription_id=')).toBeNull();
    expect(checkoutIdFrom(`?subscription_id=${ID}&subscription_id=55555555-5555-4555-8555-555555555555`)).toBeNull();
    expect(checkoutIdFrom('?subscription_id=../admin')).toBeNull();
    expect(checkoutIdFrom(`?subscription_id=${encodeURIComponent('<script>')}`)).toBeNull();
    expect(checkoutIdFrom(`?subscription_id=${'a'.repeat(5000)}`)).toBeNull();
  });
});

describe('readCheckout', () => {
  it('is paid once the purchase gives access, with its plan and period', () => {
    expect(readCheckout(checkout({ status: 'active', grants_access: true, current_period_end: '2031-02-01T00:00:00.000Z' }))).toEqual({
      kind: 'paid',
      plan: 'Monthly',
      until: '2031-02-01T00:00:00.000Z',
      lifetime: false,
    });
    // Cancelled, but paid to the end of its period: still the reader's.
    expect(readCheckout(checkout({ status: 'cancelled', grants_access: true, tier: 'annual' }))).toMatchObject({ kind: 'paid', plan: 'Annual' });
  });

  it('waits for a pending provider payment, and for an administrator on a Cash App one', () => {
    expect(readCheckout(checkout({}))).toEqual({ kind: 'pending' });
    expect(readCheckout(checkout({ provider: 'cashapp' }))).toEqual({ kind: 'awaiting-approval' });
  });

  it('is closed when failed, refunded, cancelled or over', () => {
    expect(readCheckout(checkout({ status: 'failed' }))).toEqual({ kind: 'closed', status: 'failed' });
    expect(readCheckout(checkout({ status: 'refunded' }))).toEqual({ kind: 'closed', status: 'refunded' });
    expect(readCheckout(checkout({ status: 'cancelled' }))).toEqual({ kind: 'closed', status: 'cancelled' });
    expect(readCheckout(checkout({ status: 'active', grants_access: false }))).toEqual({ kind: 'closed', status: 'expired' });
  });

  it('is null for an answer that is not about a purchase', () => {
    expect(readCheckout(null)).toBeNull();
    expect(readCheckout({ success: true })).toBeNull();
    expect(readCheckout(checkout({ status: 'weird' }))).toBeNull();
  });
});

describe('planName', () => {
  it('names known plans only', () => {
    expect(planName('monthly')).toBe('Monthly');
    expect(planName('Gold')).toBe('Gold');
    expect(planName('<b>x</b>')).toBe('new');
  });
});

describe('readVerifyError', () => {
  it('tells a missing session and a foreign purchase from a failure', () => {
    expect(readVerifyError({ status: 401 })).toBe('sign-in');
    expect(readVerifyError({ status: 404 })).toBe('not-found');
    expect(readVerifyError({ status: 403 })).toBe('not-found');
    expect(readVerifyError({ status: 0 })).toBe('failed');
    expect(readVerifyError(new Error('x'))).toBe('failed');
  });
});

describe('allowanceLine', () => {
  it("states the new plan's daily allowance and today's count", () => {
    expect(allowanceLine({ usage: { daily_count: 3, limit: 10, daily_limit: 10, unlimited: false } })).toBe('You can now run 10 analyses a day (3 used today).');
    expect(allowanceLine({ usage: { daily_count: 3, limit: null, daily_limit: null, unlimited: true } })).toBe('You can now run unlimited analyses.');
    expect(allowanceLine({ usage: { limit: 1 } })).toBe('You can now run 1 analysis a day.');
  });

  it('says nothing it cannot read', () => {
    expect(allowanceLine(null)).toBeNull();
    expect(allowanceLine({ usage: { limit: 'ten' } })).toBeNull();
    expect(allowanceLine({ usage: { limit: -1 } })).toBeNull();
  });
});

describe('formatUntil', () => {
  it('formats a date, and nothing for none or junk', () => {
    expect(formatUntil('2031-02-01T12:00:00.000Z', 'UTC')).toBe('Feb 1, 2031');
    expect(formatUntil(null)).toBeNull();
    expect(formatUntil('soon')).toBeNull();
  });
});
