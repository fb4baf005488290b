import { formatDate, MISSING_VALUE } from './format.ts';

/**
 * A user's plan as billing reports it (billing is the one source of truth for plans).
 * decoder_tier: guest, free, monthly, annual; chat_tier: Free, Starter, Pro, Gold (spec sections 3 and 6).
 */
export interface Entitlement {
  decoder_tier: string | null;
  chat_tier: string | null;
  expires_at: string | null;
}

function tierName(tier: string | null | undefined): string | null {
  const text = tier?.trim();
  if (!text) return null;
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/** 'Decoder Monthly · Chat Pro', or '—' when billing did not say. */
export function planSummary(entitlement: Entitlement | null | undefined): string {
  if (!entitlement) return MISSING_VALUE;
  const parts = [
    tierName(entitlement.decoder_tier) && `Decoder ${tierName(entitlement.decoder_tier)}`,
    tierName(entitlement.chat_tier) && `Chat ${tierName(entitlement.chat_tier)}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : MISSING_VALUE;
}

/** 'Until Mar 5, 2026' for a plan that ends, or null for one that does not (free, lifetime). */
export function planExpiry(entitlement: Entitlement | null | undefined, timeZone?: string): string | null {
  if (!entitlement?.expires_at) return null;
  const date = formatDate(entitlement.expires_at, timeZone);
  return date === MISSING_VALUE ? null : `Until ${date}`;
}
