// How a purchase moves between states when a payment signal arrives, from any provider, webhook or
// return page alike. Signals repeat and arrive out of order, so a transition only ever moves
// forward: pending -> active -> cancelled, with failed before activation and refunded as the end.
// A late 'pending', 'failed' or 'abandoned' after a confirmation changes nothing; a refund ends access from
// anywhere; nothing leaves 'refunded'. Pure: the time and the period are given.
import type { SubscriptionStatus } from '@keisha/contracts/billing';
import { periodEnd, type BillingCycle } from './period.ts';

export type PaymentSignal =
  /** Money is on its way (Coinbase: seen on chain) or the provider still waits: never grants access. */
  | { kind: 'pending' }
  /** Paid. `periodEnd` is the provider's own end of the paid period (PayPal's next billing time), if any. */
  | { kind: 'confirmed'; periodEnd?: Date | null }
  | { kind: 'failed'; reason: string }
  | { kind: 'refunded'; reason?: string }
  /** The buyer stops renewing (access lasts to the end of the paid period) or abandons an unpaid checkout. */
  | { kind: 'cancelled'; reason?: string }
  /**
   * The buyer leaves a checkout unpaid (Cancel on a hosted checkout page): it closes a pending checkout and
   * means nothing once the checkout is paid, so a Cancel that crosses a Pay never cancels what was bought.
   */
  | { kind: 'abandoned'; reason: string };

export interface SubscriptionState {
  status: SubscriptionStatus;
  current_period_end: Date | null;
  lifetime: boolean;
  activated_at: Date | null;
  cancelled_at: Date | null;
  failure_reason: string | null;
}

export interface TransitionContext {
  now: Date;
  cycle: BillingCycle;
  /** Where a new paid period starts (now, or the end of the buyer's current access to the same plan). */
  periodStart: Date;
}

export type Transition =
  | { changed: false; reason: string }
  | { changed: true; next: SubscriptionState; reason: 'activated' | 'renewed' | 'cancelled' | 'abandoned' | 'failed' | 'refunded' };

const UNPAID: ReadonlySet<SubscriptionStatus> = new Set(['pending', 'failed', 'expired']);

function activate(state: SubscriptionState, signal: { periodEnd?: Date | null }, ctx: TransitionContext): SubscriptionState {
  const lifetime = ctx.cycle === 'lifetime';
  const given = signal.periodEnd && signal.periodEnd.getTime() > ctx.now.getTime() ? signal.periodEnd : null;
  return {
    ...state,
    status: 'active',
    lifetime,
    current_period_end: lifetime ? null : (given ?? periodEnd(ctx.cycle, ctx.periodStart)),
    activated_at: ctx.now,
    failure_reason: null,
  };
}

export function transition(state: SubscriptionState, signal: PaymentSignal, ctx: TransitionContext): Transition {
  if (state.status === 'refunded') return { changed: false, reason: 'refunded is final' };
  switch (signal.kind) {
    case 'pending':
      return { changed: false, reason: state.status === 'pending' ? 'still pending' : `a late pending after ${state.status} changes nothing` };

    case 'confirmed':
      if (UNPAID.has(state.status)) return { changed: true, next: activate(state, signal, ctx), reason: 'activated' };
      if (state.status === 'active' && !state.lifetime && signal.periodEnd && state.current_period_end) {
        // A renewal (PayPal bills again): the paid period only ever grows.
        if (signal.periodEnd.getTime() > state.current_period_end.getTime()) {
          return { changed: true, next: { ...state, current_period_end: signal.periodEnd }, reason: 'renewed' };
        }
      }
      return { changed: false, reason: `already ${state.status}` };

    case 'failed':
      if (state.status === 'pending') return { changed: true, next: { ...state, status: 'failed', failure_reason: signal.reason }, reason: 'failed' };
      return { changed: false, reason: `a late failure after ${state.status} changes nothing` };

    case 'refunded':
      return {
        changed: true,
        next: { ...state, status: 'refunded', failure_reason: signal.reason ?? 'refunded' },
        reason: 'refunded',
      };

    case 'abandoned':
      if (state.status === 'pending') return { changed: true, next: { ...state, status: 'failed', failure_reason: signal.reason }, reason: 'abandoned' };
      return { changed: false, reason: `a checkout left after ${state.status} changes nothing` };

    case 'cancelled':
      if (state.status === 'pending') {
        return { changed: true, next: { ...state, status: 'failed', failure_reason: signal.reason ?? 'cancelled before payment' }, reason: 'abandoned' };
      }
      if (state.status === 'active' && !state.lifetime) {
        return { changed: true, next: { ...state, status: 'cancelled', cancelled_at: ctx.now }, reason: 'cancelled' };
      }
      return { changed: false, reason: state.lifetime ? 'a lifetime purchase never renews' : `already ${state.status}` };
  }
}
