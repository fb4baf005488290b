// The one interface every payment provider adapter implements (ARCHITECTURE.md "Payments").
// A provider turns a purchase into a place to pay, turns its webhooks into payment signals (after
// checking their signature on the raw body), and, where it can, answers what it knows of a
// payment now (for return pages) and stops a renewal. Routes and fulfilment see only this.
import type { CashAppInstructions, PaymentProviderName } from '@keisha/contracts/billing';
import type { Purchase } from './purchase.ts';
import type { PaymentSignal } from './subscription-state.ts';

export type { PaymentProviderName };

export interface CheckoutIntent {
  /** Our subscription id (the spec's subscription_id / session_id), sent to the provider as metadata. */
  subscriptionId: string;
  userId: string;
  email: string | null;
  purchase: Purchase;
  /** Checked return URLs (same-site paths or allow-listed), with the checkout id filled in. */
  returnUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id for this payment (Coinbase charge id); null when the provider has none. */
  providerRef: string | null;
  /** Where the browser goes to pay. */
  paymentUrl: string;
  instructions: CashAppInstructions | null;
}

/** What a verified webhook or a provider lookup says about one payment. */
export interface ProviderObservation {
  /** The provider's unique id of the event: the dedupe key. */
  eventId: string;
  eventType: string;
  /** The provider's id of the payment or subscription (charge id, PayPal subscription id). */
  providerRef: string | null;
  /** Our subscription id, when the provider echoes it (Coinbase and sandbox metadata). */
  subscriptionId: string | null;
  /** PayPal's custom_id: the account id the subscription was bought for. */
  accountId?: string | null;
  /** PayPal's plan id. */
  planId?: string | null;
  /** The payer's email, as the provider knows it. */
  email?: string | null;
  /** What the provider says was paid, to compare with the catalogue price. */
  paid?: { cents: number; currency: string } | null;
  /** A further reference (a PayPal sale id), kept to match refunds that only name it. */
  resourceRef?: string | null;
  /** A refund naming the payment it refunds (PayPal sale id). */
  refundOf?: string | null;
  /** null: an event that changes nothing (charge:created). */
  signal: PaymentSignal | null;
  /** The provider's status word (PayPal ACTIVE, Coinbase COMPLETED). */
  providerStatus?: string;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the place to pay. Absent for PayPal, whose button creates the subscription in the browser. */
  createCheckout?(intent: CheckoutIntent): Promise<CheckoutSession>;
  /** Checks the signature on the raw body and reads the event; throws WebhookSignatureError. */
  readWebhook?(raw: Buffer, headers: WebhookHeaders): Promise<ProviderObservation[]>;
  /** What the provider says about a payment now (return pages). */
  lookup?(providerRef: string): Promise<ProviderObservation | null>;
  /** Stops a renewing subscription at the provider. */
  cancel?(providerRef: string, reason: string): Promise<void>;
}

/** The webhook did not prove it came from the provider: answered 400, nothing applied. */
export class WebhookSignatureError extends Error {
  readonly check: string;
  constructor(check: string) {
    super(`webhook signature ${check}`);
    this.name = 'WebhookSignatureError';
    this.check = check;
  }
}

/** The provider could not be reached or refused the call. */
export class ProviderError extends Error {
  readonly provider: PaymentProviderName;
  readonly status: number | null;
  constructor(provider: PaymentProviderName, message: string, status: number | null = null, options?: { cause?: unknown }) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderError';
    this.provider = provider;
    this.status = status;
  }
}

/** The webhook was signed correctly but is not something we can read. */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}
