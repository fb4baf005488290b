import { describe, expect, it } from 'vitest';
import { transition, type PaymentSignal, type SubscriptionState } from './subscription-state.ts';

const now = new Date('2026-11-21T12:00:00Z');
const monthLater = new Date('2026-12-21T12:00:00Z');
const ctx = { now, cycle: 'monthly' as const, periodStart: now };
const pending: SubscriptionState = { status: 'pending', current_period_end: null, lifetime: false, activated_at: null, cancelled_at: null, failure_reason: null };

function run(state: SubscriptionState, ...signals: PaymentSignal[]): SubscriptionState {
  let current = state;
  for (const signal of signals) {
    const result = transition(current, signal, ctx);
    if (result.changed) current = result.next;
  }
  return current;
}

describe('subscription transitions', () => {
  it('activates a pending purchase on confirmation, for one period from its start', () => {
    const result = transition(pending, { kind: 'confirmed' }, ctx);
    expect(result).toMatchObject({ changed: true, reason: 'activated', next: { status: 'active', current_period_end: monthLater, activated_at: now } });
  });

  it('starts the period where current access to the same plan ends', () => {
    const later = new Date('2026-12-01T00:00:00Z');
    const result = transition(pending, { kind: 'confirmed' }, { ...ctx, periodStart: later });
    expect(result.changed && result.next.current_period_end).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('makes Gold lifetime, and annual plans a year', () => {
    expect(run(pending, { kind: 'confirmed' }).status).toBe('active');
    const gold = transition(pending, { kind: 'confirmed' }, { ...ctx, cycle: 'lifetime' });
    expect(gold).toMatchObject({ changed: true, next: { lifetime: true, current_period_end: null } });
    const annual = transition(pending, { kind: 'confirmed' }, { ...ctx, cycle: 'yearly' });
    expect(annual.changed && annual.next.current_period_end).toEqual(new Date('2027-11-21T12:00:00Z'));
  });

  it('uses the provider’s own period end when it is in the future, and ignores one in the past', () => {
    const given = new Date('2026-12-20T00:00:00Z');
    expect(run(pending, { kind: 'confirmed', periodEnd: given }).current_period_end).toEqual(given);
    expect(run(pending, { kind: 'confirmed', periodEnd: new Date('2020-01-01T00:00:00Z') }).current_period_end).toEqual(monthLater);
  });

  it('applies a repeated confirmation once: the period does not grow', () => {
    const once = run(pending, { kind: 'confirmed' });
    expect(transition(once, { kind: 'confirmed' }, { ...ctx, now: new Date('2026-11-25T00:00:00Z') })).toMatchObject({ changed: false });
  });

  it('extends an active subscription when the provider bills again', () => {
    const active = run(pending, { kind: 'confirmed' });
    const next = new Date('2027-01-21T12:00:00Z');
    expect(transition(active, { kind: 'confirmed', periodEnd: next }, ctx)).toMatchObject({ changed: true, reason: 'renewed', next: { current_period_end: next } });
    expect(transition(active, { kind: 'confirmed', periodEnd: new Date('2026-12-01T00:00:00Z') }, ctx).changed).toBe(false);
  });

  it('never moves backwards: a late pending or failure after confirmation changes nothing', () => {
    const active = run(pending, { kind: 'confirmed' });
    expect(transition(active, { kind: 'pending' }, ctx).changed).toBe(false);
    expect(transition(active, { kind: 'failed', reason: 'expired' }, ctx).changed).toBe(false);
    const cancelled = run(active, { kind: 'cancelled' });
    expect(transition(cancelled, { kind: 'confirmed' }, ctx).changed).toBe(false);
  });

  it('fails an unpaid purchase, and a later confirmation (a resolved payment) still activates it', () => {
    const failed = run(pending, { kind: 'failed', reason: 'expired' });
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    expect(run(failed, { kind: 'confirmed' }).status).toBe('active');
  });

  it('ends access on a refund from any state, and nothing leaves refunded', () => {
    for (const state of [pending, run(pending, { kind: 'confirmed' }), run(pending, { kind: 'confirmed' }, { kind: 'cancelled' })]) {
      const refunded = run(state, { kind: 'refunded' });
      expect(refunded.status).toBe('refunded');
      for (const signal of [{ kind: 'confirmed' }, { kind: 'pending' }, { kind: 'cancelled' }, { kind: 'failed', reason: 'x' }] as PaymentSignal[]) {
        expect(transition(refunded, signal, ctx).changed).toBe(false);
      }
    }
  });

  it('keeps access after a cancellation until the end of the period, and abandons an unpaid checkout', () => {
    const cancelled = run(pending, { kind: 'confirmed' }, { kind: 'cancelled' });
    expect(cancelled).toMatchObject({ status: 'cancelled', current_period_end: monthLater, cancelled_at: now });
    expect(run(pending, { kind: 'cancelled' })).toMatchObject({ status: 'failed', failure_reason: 'cancelled before payment' });
  });

  it('closes a checkout the buyer leaves only while it is pending: once paid, leaving the checkout page changes nothing', () => {
    expect(transition(pending, { kind: 'abandoned', reason: 'cancelled at checkout' }, ctx)).toMatchObject({
      changed: true,
      reason: 'abandoned',
      next: { status: 'failed', failure_reason: 'cancelled at checkout' },
    });
    const paid = run(pending, { kind: 'confirmed' });
    for (const state of [paid, run(paid, { kind: 'cancelled' }), run(pending, { kind: 'failed', reason: 'x' }), run(paid, { kind: 'refunded' })]) {
      expect(transition(state, { kind: 'abandoned', reason: 'cancelled at checkout' }, ctx), state.status).toMatchObject({ changed: false });
    }
    // A payment that lands after the buyer left still counts: the money arrived.
    expect(run(pending, { kind: 'abandoned', reason: 'left' }, { kind: 'confirmed' }).status).toBe('active');
  });

  it('does not cancel a lifetime purchase', () => {
    const gold = transition(pending, { kind: 'confirmed' }, { ...ctx, cycle: 'lifetime' });
    if (!gold.changed) throw new Error('expected activation');
    expect(transition(gold.next, { kind: 'cancelled' }, ctx)).toMatchObject({ changed: false, reason: 'a lifetime purchase never renews' });
  });

  it('gives the same final state whatever the order of a confirmation and stale signals', () => {
    const signals: PaymentSignal[] = [{ kind: 'pending' }, { kind: 'confirmed' }, { kind: 'failed', reason: 'late' }, { kind: 'pending' }];
    const orders = [signals, [...signals].reverse(), [signals[2]!, signals[1]!, signals[0]!, signals[3]!]];
    const finals = orders.map((order) => run(pending, ...order).status);
    // Failure first then confirmation still ends active: the money arrived.
    expect(finals).toEqual(['active', 'active', 'active']);
  });
});
