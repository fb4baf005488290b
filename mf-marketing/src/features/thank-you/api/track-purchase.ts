import { trackEvent } from '@keisha/store';
import type { PurchaseEvent } from '../domain/purchase-events.ts';

/** POST /api/analytics/track, once per event. Failures are ignored (spec section 7). */
export async function trackPurchase(events: PurchaseEvent[]): Promise<void> {
  await Promise.all(events.map(({ event, properties }) => trackEvent(event, properties)));
}
