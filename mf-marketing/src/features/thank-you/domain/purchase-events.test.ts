import { describe, expect, it } from 'vitest';
import { eventsToSend, purchaseEvents, SENT_PURCHASES_KEY, SentPurchases, type KeyValueStorage } from './purchase-events.ts';
import { parseThankYouParams } from './thank-you-params.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key]! : null),
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const paypal = parseThankYouParams('?method=paypal&tier=annual&amount=99.99&subscription_id=I-ANNUAL1');

describe('purchaseEvents', () => {
  it('makes purchase, conversion and conversion_event_purchase with the id, value, USD, method and tier', () => {
    const events = purchaseEvents(paypal);
    expect(events.map((e) => e.event)).toEqual(['purchase', 'conversion', 'conversion_event_purchase']);
    for (const { properties } of events) {
      expect(properties).toEqual({ transaction_id: 'I-ANNUAL1', value: 99.99, currency: 'USD', payment_method: 'paypal', tier: 'annual' });
    }
  });

  it('prefers the transaction id to the subscription id', () => {
    const events = purchaseEvents(parseThankYouParams('?transaction_id=T-1&subscription_id=S-1&amount=9.99'));
    expect(events[0]!.properties.transaction_id).toBe('T-1');
  });

  it('sends the defaults for method and tier, and no value for an amount that is not a number', () => {
    const [event] = purchaseEvents(parseThankYouParams('?transaction_id=T-2&amount=lots'));
    expect(event!.properties).toEqual({ transaction_id: 'T-2', value: null, currency: 'USD', payment_method: 'unknown', tier: 'subscription' });
  });

  it('makes no events for a link without a transaction', () => {
    expect(purchaseEvents(parseThankYouParams('?method=paypal&tier=monthly&amount=9.99'))).toEqual([]);
  });
});

describe('once per transaction', () => {
  it('sends the first time, never again from the same browser (a reload reads the same storage)', () => {
    const storage = memoryStorage();
    expect(eventsToSend(paypal, new SentPurchases(storage))).toHaveLength(3);
    expect(eventsToSend(paypal, new SentPurchases(storage))).toEqual([]);
    expect(JSON.parse(storage.data[SENT_PURCHASES_KEY]!)).toEqual(['I-ANNUAL1']);
  });

  it('is claimed before sending, so two effects on one page send once', () => {
    const sent = new SentPurchases(memoryStorage());
    expect(eventsToSend(paypal, sent)).toHaveLength(3);
    expect(eventsToSend(paypal, sent)).toEqual([]);
  });

  it('tells different transactions apart', () => {
    const sent = new SentPurchases(memoryStorage());
    expect(eventsToSend(paypal, sent)).toHaveLength(3);
    expect(eventsToSend(parseThankYouParams('?subscription_id=I-OTHER'), sent)).toHaveLength(3);
  });

  it('still sends once per page when storage is blocked or broken', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const storage of [null, throwing]) {
      const sent = new SentPurchases(storage);
      expect(eventsToSend(paypal, sent)).toHaveLength(3);
      expect(eventsToSend(paypal, sent)).toEqual([]);
    }
  });

  it('survives junk in storage and keeps only the most recent 50 ids', () => {
    const junk = memoryStorage({ [SENT_PURCHASES_KEY]: '{not json' });
    expect(new SentPurchases(junk).claim('A')).toBe(true);
    const storage = memoryStorage({ [SENT_PURCHASES_KEY]: JSON.stringify(Array.from({ length: 50 }, (_, i) => `old-${i}`)) });
    const sent = new SentPurchases(storage);
    expect(sent.claim('old-7')).toBe(false);
    expect(sent.claim('new')).toBe(true);
    const kept = JSON.parse(storage.data[SENT_PURCHASES_KEY]!) as string[];
    expect(kept).toHaveLength(50);
    expect(kept.at(-1)).toBe('new');
    expect(kept).not.toContain('old-0');
  });
});
