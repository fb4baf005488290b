import { describe, expect, it } from 'vitest';
import { alreadyCoveredMessage, coveringPurchase, renewalsToStop, type HeldPurchase } from './plan-cover.ts';
import { addMonthsUtc } from './period.ts';

const now = new Date('2026-11-28T12:00:00Z');
const inMonths = (months: number) => addMonthsUtc(now, months);
let next = 0;
const held = (over: Partial<HeldPurchase>): HeldPurchase => ({
  id: `p${++next}`,
  product: 'decoder',
  tier: 'monthly',
  status: 'active',
  current_period_end: inMonths(1),
  lifetime: false,
  ...over,
});
const monthly = { product: 'decoder', tier: 'monthly', cycle: 'monthly' } as const;
const annual = { product: 'decoder', tier: 'annual', cycle: 'yearly' } as const;
const starter = { product: 'chat', tier: 'Starter', cycle: 'monthly' } as const;
const pro = { product: 'chat', tier: 'Pro', cycle: 'yearly' } as const;
const gold = { product: 'chat', tier: 'Gold', cycle: 'lifetime' } as const;

describe('coveringPurchase: a purchase that would add nothing', () => {
  it('refuses Monthly under an Annual that lasts longer than a month, renewing or cancelled', () => {
    const year = held({ tier: 'annual', current_period_end: inMonths(12) });
    expect(coveringPurchase([year], monthly, now)).toBe(year);
    const cancelled = held({ tier: 'annual', status: 'cancelled', current_period_end: inMonths(6) });
    expect(coveringPurchase([cancelled], monthly, now)).toBe(cancelled);
  });

  it('lets Monthly be bought when the Annual ends before a month would', () => {
    const endsSoon = held({ tier: 'annual', current_period_end: new Date(now.getTime() + 10 * 86_400_000) });
    expect(coveringPurchase([endsSoon], monthly, now)).toBeNull();
  });

  it('never refuses the same plan again: it starts where the current one ends', () => {
    expect(coveringPurchase([held({})], monthly, now)).toBeNull();
    expect(coveringPurchase([held({ tier: 'annual', current_period_end: inMonths(12) })], annual, now)).toBeNull();
  });

  it('refuses anything of the chat under a lifetime Gold, Gold again included, and Starter under Pro', () => {
    const lifetime = held({ product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null });
    for (const wanted of [starter, pro, gold]) expect(coveringPurchase([lifetime], wanted, now)).toBe(lifetime);
    expect(coveringPurchase([held({ product: 'chat', tier: 'Pro', current_period_end: inMonths(12) })], starter, now)).not.toBeNull();
  });

  it('never refuses an upgrade, another product, or under what gives no access', () => {
    const month = held({});
    expect(coveringPurchase([month], annual, now)).toBeNull();
    expect(coveringPurchase([held({ product: 'chat', tier: 'Starter' })], pro, now)).toBeNull();
    expect(coveringPurchase([held({ product: 'chat', tier: 'Pro', current_period_end: inMonths(12) })], gold, now)).toBeNull();
    expect(coveringPurchase([held({ tier: 'annual', current_period_end: inMonths(12) })], starter, now)).toBeNull();
    for (const status of ['pending', 'failed', 'refunded', 'expired'] as const) {
      expect(coveringPurchase([held({ tier: 'annual', status, current_period_end: inMonths(12) })], monthly, now)).toBeNull();
    }
    expect(coveringPurchase([held({ tier: 'annual', current_period_end: inMonths(-1) })], monthly, now)).toBeNull();
    expect(coveringPurchase([held({ product: 'chat', tier: 'Gold', status: 'refunded', lifetime: true, current_period_end: null })], starter, now)).toBeNull();
  });

  it('says which plan covers it and until when', () => {
    expect(alreadyCoveredMessage(held({ tier: 'annual', current_period_end: new Date('2027-11-28T12:00:00Z') }), monthly)).toBe(
      'You already have News Decoder Annual until Nov 28, 2027, which includes everything News Decoder Monthly gives. Buying it would add nothing, so you have not been charged.',
    );
    expect(alreadyCoveredMessage(held({ product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null }), gold)).toBe(
      'You already have Chat Gold for life. Buying it again would add nothing, so you have not been charged.',
    );
  });
});

describe('renewalsToStop: one plan per product renews', () => {
  it('stops Monthly once Annual is active (an upgrade), and Starter or Pro under Gold', () => {
    const month = held({});
    const year = held({ tier: 'annual', current_period_end: inMonths(12) });
    expect(renewalsToStop([month, year], now)).toEqual([month]);
    const s = held({ product: 'chat', tier: 'Starter' });
    const p = held({ product: 'chat', tier: 'Pro', current_period_end: inMonths(12) });
    const g = held({ product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null });
    expect(renewalsToStop([s, p, g], now)).toEqual([s, p]);
    expect(renewalsToStop([s, p], now)).toEqual([s]);
  });

  it('stops a lower plan paid after the higher one (a late checkout), whoever came first', () => {
    const year = held({ tier: 'annual', current_period_end: inMonths(12) });
    const lateMonth = held({ current_period_end: inMonths(1) });
    expect(renewalsToStop([year, lateMonth], now)).toEqual([lateMonth]);
  });

  it('leaves alone what is already stopped, lifetime, unpaid, other products, the same plan twice, and a lower plan that outlasts the higher', () => {
    const year = held({ tier: 'annual', current_period_end: inMonths(12) });
    expect(renewalsToStop([year, held({ status: 'cancelled' }), held({ status: 'pending', current_period_end: null }), held({ product: 'chat', tier: 'Starter' })], now)).toEqual([]);
    expect(renewalsToStop([held({}), held({ current_period_end: inMonths(2) })], now)).toEqual([]);
    const shortYear = held({ tier: 'annual', status: 'cancelled', current_period_end: new Date(now.getTime() + 10 * 86_400_000) });
    expect(renewalsToStop([shortYear, held({})], now)).toEqual([]);
    expect(renewalsToStop([held({ tier: 'annual', status: 'refunded', current_period_end: inMonths(12) }), held({})], now)).toEqual([]);
  });
});
