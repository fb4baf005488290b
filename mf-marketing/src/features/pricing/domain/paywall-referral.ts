// The decoder's paywall sends a reader who cannot pay there (a guest, or no payment link) to
// /pricing?plan=...&source=paywall&payment=...&user_type=... (spec section 8). The page then points at the
// plan they chose, and tells a guest what to do first.

export interface PaywallReferral {
  plan: 'monthly' | 'annual' | null;
  /** The way to pay the reader pressed ("Pay $7 with Bitcoin"): kept through sign-up, to resume that checkout. */
  payment: 'bitcoin' | 'cashapp' | null;
  guest: boolean;
}

export function parsePaywallReferral(search: string): PaywallReferral | null {
  const query = new URLSearchParams(search);
  if (query.get('source') !== 'paywall') return null;
  const plan = query.get('plan');
  return {
    plan: plan === 'monthly' || plan === 'annual' ? plan : null,
    payment: query.get('payment') === 'bitcoin' || query.get('payment') === 'cashapp' ? (query.get('payment') as 'bitcoin' | 'cashapp') : null,
    guest: query.get('user_type') === 'guest',
  };
}
