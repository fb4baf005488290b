// Settings' account information (spec section 2): the plan, and the renewal date for the paid plans
// that end (Starter, Pro), never for Gold (lifetime) or Free.
import type { Entitlement } from '@keisha/contracts/billing';
import type { ChatTier } from '@keisha/contracts/chat';

/** The date the paid plan renews (its paid period ends), formatted for the reader; null when there is none to show. */
export function renewalDate(plan: ChatTier, entitlement: Pick<Entitlement, 'expires_at' | 'lifetime'> | null, locale?: string): string | null {
  if (plan === 'Free' || plan === 'Gold' || !entitlement || entitlement.lifetime || !entitlement.expires_at) return null;
  const when = new Date(entitlement.expires_at);
  if (Number.isNaN(when.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(when);
}
