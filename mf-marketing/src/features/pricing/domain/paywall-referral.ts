// The decoder's paywall sends a reader who cannot pay there (a guest, or no payment link) to
// /pricing?plan=...&source=paywall&payment=...&user_type=... (spec section 8). The page then points at the
// plan they chose, and tells a guest what to do first.

export interface PaywallReferral {
  plan: 'monthly' | 'annual' | null;
  guest: boolean;
}

export function parsePaywallReferral(search: string): PaywallReferral | null {
  const query = new URLSearchParams(search);
  if (query.get('source') !== 'paywall') return null;
  const plan = query.get('plan');
  return {
    plan: plan === 'monthly' || plan === 'annual' ? plan : null,
    guest: query.get('user_type') === 'guest',
  };
}
