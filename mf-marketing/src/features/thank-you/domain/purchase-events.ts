import type { ThankYouParams } from './thank-you-params.ts';
import { purchaseReference } from './thank-you-params.ts';

// Spec section 7 (Analytics tag): on /thank-you the events purchase, conversion and conversion_event_purchase
// are sent with the transaction id, the value, the currency USD, the payment method and the tier. They are
// sent once per transaction: a reload, a second tab or a bookmarked link must not count a sale twice.

export const PURCHASE_EVENTS = ['purchase', 'conversion', 'conversion_event_purchase'] as const;

/** The ids of purchases already reported from this browser. */
export const SENT_PURCHASES_KEY = 'keisha.analytics.purchases';
/** Enough to cover any realistic number of purchases from one browser, small enough to stay cheap. */
const MAX_REMEMBERED = 50;

export interface PurchaseEvent {
  event: (typeof PURCHASE_EVENTS)[number];
  properties: {
    transaction_id: string;
    value: number | null;
    currency: 'USD';
    payment_method: string;
    tier: string;
  };
}

/**
 * The three events for a purchase, or none when the link names no transaction: without an id a purchase
 * cannot be told apart from a reload of the same page, so it is not counted.
 */
export function purchaseEvents(params: ThankYouParams): PurchaseEvent[] {
  const transactionId = purchaseReference(params);
  if (!transactionId) return [];
  const properties = {
    transaction_id: transactionId,
    value: params.amount,
    currency: 'USD' as const,
    payment_method: params.method,
    tier: params.tier,
  };
  return PURCHASE_EVENTS.map((event) => ({ event, properties }));
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function readSent(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SENT_PURCHASES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers reported purchases in storage; when storage is blocked, for the life of the page only. */
export class SentPurchases {
  private readonly inMemory = new Set<string>();
  private readonly storage: KeyValueStorage | null;

  constructor(storage: KeyValueStorage | null) {
    this.storage = storage;
  }

  has(transactionId: string): boolean {
    if (this.inMemory.has(transactionId)) return true;
    try {
      return this.storage ? readSent(this.storage).includes(transactionId) : false;
    } catch {
      return false;
    }
  }

  add(transactionId: string): void {
    this.inMemory.add(transactionId);
    if (!this.storage) return;
    try {
      const kept = readSent(this.storage).filter((id) => id !== transactionId);
      kept.push(transactionId);
      this.storage.setItem(SENT_PURCHASES_KEY, JSON.stringify(kept.slice(-MAX_REMEMBERED)));
    } catch {
      // Storage full or blocked: the in-memory record still stops a repeat on this page.
    }
  }

  /**
   * Claims a purchase for reporting: true the first time, false ever after. It is marked before anything is
   * sent, so two effects racing (React's StrictMode, a double mount) cannot both send: at most once.
   */
  claim(transactionId: string): boolean {
    if (this.has(transactionId)) return false;
    this.add(transactionId);
    return true;
  }
}

/** The events still to send for this page: all three the first time a transaction is seen, none after. */
export function eventsToSend(params: ThankYouParams, sent: SentPurchases): PurchaseEvent[] {
  const events = purchaseEvents(params);
  if (events.length === 0) return [];
  return sent.claim(events[0]!.properties.transaction_id) ? events : [];
}
