// The built-in sandbox provider: billing's own checkout page stands in for a provider's hosted
// page, and a Pay there posts an event signed with a per-install secret to billing's sandbox
// webhook, exactly as a provider would. No real money moves; the page says so.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_PATHS, paymentPath } from '@keisha/contracts/billing';
import { WebhookPayloadError, WebhookSignatureError, type CheckoutIntent, type CheckoutSession, type PaymentProvider, type ProviderObservation, type WebhookHeaders } from '../domain/ports.ts';
import { checkSandboxSignature, signSandboxPayload } from '../domain/signatures.ts';
import type { PaymentSignal } from '../domain/subscription-state.ts';
import { headerValue } from './http.ts';

export const SANDBOX_SIGNATURE_HEADER = 'keisha-sandbox-signature';
export const SANDBOX_SECRET_NAME = 'sandbox_webhook_secret';

export const SANDBOX_EVENT_TYPES = ['payment.confirmed', 'payment.failed', 'payment.refunded', 'checkout.cancelled'] as const;
export type SandboxEventType = (typeof SANDBOX_EVENT_TYPES)[number];

const sandboxEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(SANDBOX_EVENT_TYPES),
  created_at: z.string().max(64),
  data: z.object({
    checkout_id: z.string().max(64),
    amount_cents: z.number().int().min(0).max(100_000_000),
    currency: z.string().max(8),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEvent>;

function signalOf(type: SandboxEventType): PaymentSignal {
  switch (type) {
    case 'payment.confirmed':
      return { kind: 'confirmed' };
    case 'payment.failed':
      return { kind: 'failed', reason: 'payment failed (sandbox)' };
    case 'payment.refunded':
      return { kind: 'refunded', reason: 'refunded (sandbox)' };
    case 'checkout.cancelled':
      // The checkout page's Cancel: it leaves a pending checkout, never a plan already paid for.
      return { kind: 'abandoned', reason: 'cancelled at checkout' };
  }
}

export interface SandboxProvider extends PaymentProvider {
  /** A signed delivery of an event about a checkout: the raw body and its signature header. */
  signedEvent(type: SandboxEventType, checkout: { id: string; amountCents: number; currency: string }): Promise<{ raw: string; signature: string }>;
}

export function sandboxProvider(deps: { secret: () => Promise<string>; nowSeconds?: () => number }): SandboxProvider {
  const nowSeconds = deps.nowSeconds ?? (() => Date.now() / 1000);
  return {
    name: 'sandbox',

    async createCheckout(intent: CheckoutIntent): Promise<CheckoutSession> {
      return { providerRef: null, paymentUrl: paymentPath(PAYMENT_PATHS.sandboxCheckout, { id: intent.subscriptionId }), instructions: null };
    },

    async readWebhook(raw: Buffer, headers: WebhookHeaders): Promise<ProviderObservation[]> {
      const check = checkSandboxSignature(raw, headerValue(headers, SANDBOX_SIGNATURE_HEADER), await deps.secret(), nowSeconds());
      if (check !== 'ok') throw new WebhookSignatureError(check);
      let parsed: SandboxEvent;
      try {
        parsed = sandboxEvent.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        throw new WebhookPayloadError('not a sandbox event');
      }
      return [
        {
          eventId: parsed.id,
          eventType: parsed.type,
          providerRef: null,
          subscriptionId: parsed.data.checkout_id,
          paid: { cents: parsed.data.amount_cents, currency: parsed.data.currency },
          signal: signalOf(parsed.type),
        },
      ];
    },

    async signedEvent(type, checkout) {
      const event: SandboxEvent = {
        id: `evt_${randomUUID()}`,
        type,
        created_at: new Date().toISOString(),
        data: { checkout_id: checkout.id, amount_cents: checkout.amountCents, currency: checkout.currency },
      };
      const raw = JSON.stringify(event);
      return { raw, signature: signSandboxPayload(raw, await deps.secret(), nowSeconds()) };
    },
  };
}
