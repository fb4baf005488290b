// PayPal subscriptions (FIELD-NOTES "Payments"). The pricing page's button creates the
// subscription in the browser with our plan id and custom_id = the buyer's account id; access is
// granted only after billing itself reads GET /v1/billing/subscriptions/{id} (with an OAuth
// client-credentials token) and sees ACTIVE, one of our plan ids and the right custom_id.
// Webhooks are checked with PayPal's verify-webhook-signature API, sent the raw event unchanged.
import { z } from 'zod';
import {
  ProviderError,
  WebhookPayloadError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderObservation,
  type WebhookHeaders,
} from '../domain/ports.ts';
import type { DecoderPaidTier } from '../domain/purchase.ts';
import type { PaymentSignal } from '../domain/subscription-state.ts';
import { callProvider, headerValue } from './http.ts';

/** PayPal subscription ids look like I-BW452GLLEP1G. */
export const PAYPAL_ID = /^[A-Za-z0-9-]{1,64}$/;

const subscription = z.object({
  id: z.string().regex(PAYPAL_ID),
  status: z.string().max(40),
  plan_id: z.string().max(100).nullish(),
  custom_id: z.string().max(200).nullish(),
  billing_info: z.object({ next_billing_time: z.string().max(40).nullish() }).nullish(),
  subscriber: z.object({ email_address: z.string().max(320).nullish() }).nullish(),
});
type PaypalSubscription = z.infer<typeof subscription>;

const webhookEvent = z.object({
  id: z.string().min(1).max(200),
  event_type: z.string().max(100),
  resource: z.record(z.string(), z.unknown()).nullish(),
});

const WEBHOOK_HEADERS = ['paypal-transmission-id', 'paypal-transmission-time', 'paypal-transmission-sig', 'paypal-cert-url', 'paypal-auth-algo'] as const;

function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A subscription's status -> what it means for the purchase. */
export function signalOfSubscription(sub: Pick<PaypalSubscription, 'status' | 'billing_info'>): PaymentSignal | null {
  switch (sub.status.toUpperCase()) {
    case 'ACTIVE':
      return { kind: 'confirmed', periodEnd: dateOrNull(sub.billing_info?.next_billing_time) };
    case 'CANCELLED':
      return { kind: 'cancelled', reason: 'cancelled at PayPal' };
    case 'APPROVAL_PENDING':
    case 'APPROVED':
      return { kind: 'pending' };
    default:
      // SUSPENDED (a payment failed) and EXPIRED: nothing renews, so access ends with the paid period.
      return null;
  }
}

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  plans: Record<DecoderPaidTier, string>;
  webhookId: string | null;
  timeoutMs: number;
}

export interface PaypalProvider extends PaymentProvider {
  /** The decoder tier one of our plan ids stands for, or null for any other plan. */
  tierOfPlan(planId: string | null | undefined): DecoderPaidTier | null;
}

export function paypalProvider(settings: PaypalSettings): PaypalProvider {
  const endpoint = (path: string) => new URL(path, settings.apiUrl.endsWith('/') ? settings.apiUrl : `${settings.apiUrl}/`).toString();
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await callProvider(
      'paypal',
      endpoint('v1/oauth2/token'),
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      settings.timeoutMs,
    );
    const parsed = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() }).safeParse(response.body);
    if (response.status !== 200 || !parsed.success) throw new ProviderError('paypal', `token request answered ${response.status}`, response.status);
    const lifetimeMs = Math.max(0, ((parsed.data.expires_in ?? 300) - 60) * 1000);
    token = { value: parsed.data.access_token, until: Date.now() + lifetimeMs };
    return token.value;
  }

  async function authorised(method: string, path: string, body?: string) {
    const headers = { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', accept: 'application/json' };
    const response = await callProvider('paypal', endpoint(path), { method, headers, ...(body === undefined ? {} : { body }) }, settings.timeoutMs);
    if (response.status === 401) token = null;
    return response;
  }

  function observe(sub: PaypalSubscription, eventId: string, eventType: string): ProviderObservation {
    return {
      eventId,
      eventType,
      providerRef: sub.id,
      subscriptionId: null,
      accountId: sub.custom_id ?? null,
      planId: sub.plan_id ?? null,
      email: sub.subscriber?.email_address ?? null,
      signal: signalOfSubscription(sub),
      providerStatus: sub.status,
    };
  }

  async function getSubscription(id: string): Promise<PaypalSubscription | null> {
    if (!PAYPAL_ID.test(id)) return null;
    const response = await authorised('GET', `v1/billing/subscriptions/${encodeURIComponent(id)}`);
    if (response.status === 404) return null;
    if (response.status !== 200) throw new ProviderError('paypal', `reading a subscription answered ${response.status}`, response.status);
    const parsed = subscription.safeParse(response.body);
    if (!parsed.success) throw new ProviderError('paypal', 'unreadable subscription', response.status);
    return parsed.data;
  }

  return {
    name: 'paypal',

    tierOfPlan(planId) {
      if (!planId) return null;
      if (planId === settings.plans.monthly) return 'monthly';
      if (planId === settings.plans.annual) return 'annual';
      return null;
    },

    async lookup(id: string): Promise<ProviderObservation | null> {
      const sub = await getSubscription(id);
      // The same status and period seen twice is one event.
      return sub ? observe(sub, `lookup:${sub.id}:${sub.status}:${sub.billing_info?.next_billing_time ?? ''}`, 'subscription.lookup') : null;
    },

    async cancel(id: string, reason: string): Promise<void> {
      const response = await authorised('POST', `v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, JSON.stringify({ reason: reason.slice(0, 127) || 'Cancelled by the subscriber' }));
      // 422: it is not active any more (already cancelled or expired), which is what we wanted.
      if (response.status === 204 || response.status === 200 || response.status === 422) return;
      throw new ProviderError('paypal', `cancelling answered ${response.status}`, response.status);
    },

    async readWebhook(raw: Buffer, headers: WebhookHeaders): Promise<ProviderObservation[]> {
      if (!settings.webhookId) throw new WebhookSignatureError('not configured');
      const values = WEBHOOK_HEADERS.map((name) => headerValue(headers, name));
      if (values.some((value) => !value || value.length > 2048)) throw new WebhookSignatureError('missing');
      const text = raw.toString('utf8');
      let event: z.infer<typeof webhookEvent>;
      try {
        event = webhookEvent.parse(JSON.parse(text));
      } catch {
        throw new WebhookPayloadError('not a PayPal event');
      }
      const [transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo] = values as string[];
      // The event goes to PayPal exactly as received: re-serialised JSON can fail verification.
      const body = `{${[
        `"auth_algo":${JSON.stringify(authAlgo)}`,
        `"cert_url":${JSON.stringify(certUrl)}`,
        `"transmission_id":${JSON.stringify(transmissionId)}`,
        `"transmission_sig":${JSON.stringify(transmissionSig)}`,
        `"transmission_time":${JSON.stringify(transmissionTime)}`,
        `"webhook_id":${JSON.stringify(settings.webhookId)}`,
        `"webhook_event":${text}`,
      ].join(',')}}`;
      const response = await authorised('POST', 'v1/notifications/verify-webhook-signature', body);
      if (response.status !== 200) throw new ProviderError('paypal', `webhook verification answered ${response.status}`, response.status);
      const verdict = z.object({ verification_status: z.string() }).safeParse(response.body);
      if (!verdict.success || verdict.data.verification_status !== 'SUCCESS') throw new WebhookSignatureError('mismatch');

      const resource = event.resource ?? {};
      const shortText = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : null);
      if (event.event_type.startsWith('BILLING.SUBSCRIPTION.')) {
        const sub = subscription.safeParse(resource);
        if (!sub.success) throw new WebhookPayloadError('unreadable subscription resource');
        return [observe(sub.data, event.id, event.event_type)];
      }
      if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
        // A (re)billing: read the subscription for its new period end.
        const agreement = shortText(resource.billing_agreement_id);
        const sub = agreement ? await getSubscription(agreement) : null;
        if (!sub) return [{ eventId: event.id, eventType: event.event_type, providerRef: agreement, subscriptionId: null, signal: null, resourceRef: shortText(resource.id) }];
        return [{ ...observe(sub, event.id, event.event_type), resourceRef: shortText(resource.id) }];
      }
      if (event.event_type === 'PAYMENT.SALE.REFUNDED' || event.event_type === 'PAYMENT.SALE.REVERSED') {
        return [
          {
            eventId: event.id,
            eventType: event.event_type,
            providerRef: shortText(resource.billing_agreement_id),
            subscriptionId: null,
            refundOf: shortText(resource.sale_id) ?? (event.event_type === 'PAYMENT.SALE.REVERSED' ? shortText(resource.id) : null),
            signal: { kind: 'refunded', reason: event.event_type === 'PAYMENT.SALE.REVERSED' ? 'payment reversed at PayPal' : 'refunded at PayPal' },
          },
        ];
      }
      return [{ eventId: event.id, eventType: event.event_type, providerRef: null, subscriptionId: null, signal: null }];
    },
  };
}
