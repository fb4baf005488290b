// PayPal's JavaScript SDK for subscriptions (spec section 7, "Payment provider"): one script renders a
// subscription button per plan id; on approval the browser goes to /thank-you with method=paypal, the tier,
// the amount and the subscription id.

/** PayPal as billing runs it: the client id for the SDK and the billing plans (P-...) sold on /pricing. */
export interface PayPalSettings {
  clientId: string;
  planIds: { monthly?: string; annual?: string };
  /** Billing stands in for PayPal (no PayPal keys, the sandbox on): no SDK to load, billing's approval page instead. */
  sandbox: boolean;
}

/** Ids PayPal issues: letters, digits, - and _. Anything else in the answer is not used in a script URL. */
const PAYPAL_ID = /^[A-Za-z0-9_-]{1,128}$/;

function paypalId(value: unknown): string | undefined {
  return typeof value === 'string' && PAYPAL_ID.test(value.trim()) ? value.trim() : undefined;
}

/**
 * PayPal's settings from billing's GET /api/billing/payment-options, or null when billing has no PayPal
 * (then the page shows its fallback and never loads PayPal's SDK).
 */
export function paypalSettingsFrom(options: unknown): PayPalSettings | null {
  const paypal = (options as { paypal?: { client_id?: unknown; plans?: { monthly?: unknown; annual?: unknown }; sandbox?: unknown } | null } | null)?.paypal;
  if (typeof paypal !== 'object' || paypal === null) return null;
  const clientId = paypalId(paypal.client_id);
  if (!clientId) return null;
  return { clientId, planIds: { monthly: paypalId(paypal.plans?.monthly), annual: paypalId(paypal.plans?.annual) }, sandbox: paypal.sandbox === true };
}

export interface PayPalButtonsOptions {
  style?: Record<string, string | number | boolean>;
  createSubscription: (
    data: unknown,
    actions: { subscription: { create: (body: { plan_id: string; custom_id?: string }) => Promise<string> } },
  ) => Promise<string>;
  onApprove: (data: { subscriptionID?: string | null; orderID?: string | null }) => void | Promise<void>;
  onError?: (error: unknown) => void;
  onCancel?: () => void;
}

export interface PayPalButtons {
  isEligible(): boolean;
  render(container: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): PayPalButtons;
}

export function paypalSdkUrl(clientId: string): string {
  const query = new URLSearchParams({ 'client-id': clientId, vault: 'true', intent: 'subscription', components: 'buttons' });
  return `https://www.paypal.com/sdk/js?${query.toString()}`;
}

/** Where PayPal sends the browser after an approved subscription. */
export function thankYouLink(tier: string, amount: string, subscriptionId: string | null | undefined): string {
  const query = new URLSearchParams({ method: 'paypal', tier, amount });
  if (subscriptionId) query.set('subscription_id', subscriptionId);
  return `/thank-you?${query.toString()}`;
}
