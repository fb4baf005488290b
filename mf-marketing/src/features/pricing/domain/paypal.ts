// PayPal's JavaScript SDK for subscriptions (spec section 7, "Payment provider"): one script renders a
// subscription button per plan id; on approval the browser goes to /thank-you with method=paypal, the tier,
// the amount and the subscription id.

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
