// Coinbase Commerce (FIELD-NOTES "Payments"): a fixed-price charge is created with local_price,
// metadata (our ids), redirect_url and cancel_url; the buyer pays on its hosted_url. Webhooks carry
// X-CC-Webhook-Signature, the hex HMAC-SHA256 of the raw body with the shared secret. Deliveries
// retry for days, so events repeat and arrive out of order: the state machine absorbs both.
import { z } from 'zod';
import {
  ProviderError,
  WebhookPayloadError,
  WebhookSignatureError,
  type CheckoutIntent,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderObservation,
  type WebhookHeaders,
} from '../domain/ports.ts';
import { centsOf } from '../domain/purchase.ts';
import { absoluteUrl } from '../domain/return-urls.ts';
import { checkCoinbaseSignature } from '../domain/signatures.ts';
import type { PaymentSignal } from '../domain/subscription-state.ts';
import { callProvider, headerValue } from './http.ts';

export const COINBASE_API_VERSION = '2018-03-22';
export const COINBASE_SIGNATURE_HEADER = 'x-cc-webhook-signature';

const money = z.object({ amount: z.union([z.string(), z.number()]), currency: z.string() });
const charge = z.object({
  id: z.string().min(1).max(200),
  code: z.string().max(200).optional(),
  hosted_url: z.string().max(2048).optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  pricing: z.object({ local: money.optional() }).nullish(),
  timeline: z.array(z.object({ status: z.string(), time: z.string().optional() })).nullish(),
});
type Charge = z.infer<typeof charge>;

const webhookBody = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  event: z.object({
    id: z.string().min(1).max(200),
    type: z.string().max(100),
    data: charge,
  }),
});

/** Webhook event types -> what they mean for the purchase. */
function signalOfEvent(type: string): PaymentSignal | null {
  switch (type) {
    case 'charge:confirmed':
    case 'charge:resolved':
      return { kind: 'confirmed' };
    case 'charge:pending':
    case 'charge:delayed':
      return { kind: 'pending' };
    case 'charge:failed':
      return { kind: 'failed', reason: 'charge failed (expired or not paid in full)' };
    default:
      return null; // charge:created and anything new
  }
}

/** The charge's current status (the last timeline entry) -> what it means for the purchase. */
function signalOfStatus(status: string | undefined): PaymentSignal | null {
  switch (status?.toUpperCase()) {
    case 'COMPLETED':
    case 'CONFIRMED':
    case 'RESOLVED':
      return { kind: 'confirmed' };
    case 'EXPIRED':
    case 'CANCELED':
    case 'FAILED':
      return { kind: 'failed', reason: `charge ${status!.toLowerCase()}` };
    case 'REFUNDED':
      return { kind: 'refunded', reason: 'refunded at Coinbase' };
    case 'NEW':
    case 'SIGNED':
    case 'PENDING':
    case 'UNRESOLVED':
    case 'DELAYED':
      return { kind: 'pending' };
    default:
      return null;
  }
}

function paidOf(data: Charge): { cents: number; currency: string } | null {
  const local = data.pricing?.local;
  const cents = local ? centsOf(local.amount) : null;
  return local && cents !== null ? { cents, currency: local.currency } : null;
}

function ourId(data: Charge): string | null {
  const value = data.metadata?.subscription_id;
  return typeof value === 'string' && value.length <= 64 ? value : null;
}

export interface CoinbaseSettings {
  apiKey: string;
  webhookSecret: string;
  apiUrl: string;
  publicBaseUrl: string;
  timeoutMs: number;
}

export function coinbaseProvider(settings: CoinbaseSettings): PaymentProvider {
  const endpoint = (path: string) => new URL(path, settings.apiUrl.endsWith('/') ? settings.apiUrl : `${settings.apiUrl}/`).toString();
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-cc-api-key': settings.apiKey,
    'x-cc-version': COINBASE_API_VERSION,
  };

  return {
    name: 'coinbase',

    async createCheckout(intent: CheckoutIntent): Promise<CheckoutSession> {
      const { purchase } = intent;
      const response = await callProvider(
        'coinbase',
        endpoint('charges'),
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: purchase.title,
            description: `${purchase.title} (${purchase.cycle === 'lifetime' ? 'lifetime' : purchase.cycle})`,
            pricing_type: 'fixed_price',
            local_price: { amount: (purchase.price.cents / 100).toFixed(2), currency: purchase.price.currency },
            metadata: { subscription_id: intent.subscriptionId, user_id: intent.userId, product: purchase.product, tier: purchase.tier },
            redirect_url: absoluteUrl(intent.returnUrl, settings.publicBaseUrl),
            cancel_url: absoluteUrl(intent.cancelUrl, settings.publicBaseUrl),
          }),
        },
        settings.timeoutMs,
      );
      if (response.status < 200 || response.status >= 300) throw new ProviderError('coinbase', `creating a charge answered ${response.status}`, response.status);
      const parsed = z.object({ data: charge }).safeParse(response.body);
      const hostedUrl = parsed.success ? parsed.data.data.hosted_url : undefined;
      if (!parsed.success || !hostedUrl || !/^https?:\/\//.test(hostedUrl)) throw new ProviderError('coinbase', 'the charge has no hosted_url', response.status);
      return { providerRef: parsed.data.data.id, paymentUrl: hostedUrl, instructions: null };
    },

    async readWebhook(raw: Buffer, requestHeaders: WebhookHeaders): Promise<ProviderObservation[]> {
      const check = checkCoinbaseSignature(raw, headerValue(requestHeaders, COINBASE_SIGNATURE_HEADER), settings.webhookSecret);
      if (check !== 'ok') throw new WebhookSignatureError(check);
      let body: z.infer<typeof webhookBody>;
      try {
        body = webhookBody.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        throw new WebhookPayloadError('not a Coinbase Commerce event');
      }
      const { event } = body;
      return [
        {
          eventId: event.id,
          eventType: event.type,
          providerRef: event.data.id,
          subscriptionId: ourId(event.data),
          paid: paidOf(event.data),
          signal: signalOfEvent(event.type),
        },
      ];
    },

    async lookup(chargeId: string): Promise<ProviderObservation | null> {
      const response = await callProvider('coinbase', endpoint(`charges/${encodeURIComponent(chargeId)}`), { method: 'GET', headers }, settings.timeoutMs);
      if (response.status === 404) return null;
      if (response.status < 200 || response.status >= 300) throw new ProviderError('coinbase', `reading a charge answered ${response.status}`, response.status);
      const parsed = z.object({ data: charge }).safeParse(response.body);
      if (!parsed.success) throw new ProviderError('coinbase', 'unreadable charge', response.status);
      const data = parsed.data.data;
      const status = data.timeline?.at(-1)?.status;
      return {
        // Polling the same status twice is one event.
        eventId: `lookup:${data.id}:${status ?? 'unknown'}`,
        eventType: 'charge:lookup',
        providerRef: data.id,
        subscriptionId: ourId(data),
        paid: paidOf(data),
        signal: signalOfStatus(status),
        providerStatus: status ?? 'UNKNOWN',
      };
    },
  };
}
