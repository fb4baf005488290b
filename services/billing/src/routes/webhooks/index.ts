// Provider webhooks. This plugin keeps JSON bodies as raw bytes (its own content-type parser,
// scoped to these routes only), because signatures are computed over the bytes as sent. A bad or
// stale signature is a 400 and nothing is applied; every verified event is applied exactly once.
import { PAYMENT_PATHS } from '@keisha/contracts/billing';
import { webhookResponse } from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProviderError, WebhookPayloadError, WebhookSignatureError, type PaymentProvider, type PaymentProviderName, type ProviderObservation } from '../../domain/ports.ts';
import type { Payments } from '../../payments/context.ts';
import { applyObservation } from '../../payments/observations.ts';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';

export async function webhookRoutes(app: ServiceApp, options: { payments: Payments }): Promise<void> {
  const { payments } = options;
  const outcomes = app.metrics.counter('billing_webhook_events_total', 'Provider webhook deliveries and events, by provider and outcome.', ['provider', 'outcome']);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const handler = (name: PaymentProviderName, provider: PaymentProvider | null) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!provider?.readWebhook) throw new AppError(404, 'NOT_CONFIGURED', `The ${name} provider is not configured here.`);
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError(400, 'INVALID_EVENT', 'Send the event as application/json.');
    let observations: ProviderObservation[];
    try {
      observations = await provider.readWebhook(request.body, request.headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        outcomes.inc({ provider: name, outcome: 'invalid_signature' });
        request.log.warn({ provider: name, check: error.check }, 'webhook refused: signature');
        throw new AppError(400, 'INVALID_SIGNATURE', INVALID_SIGNATURE_MESSAGE);
      }
      if (error instanceof WebhookPayloadError) {
        outcomes.inc({ provider: name, outcome: 'invalid_event' });
        throw new AppError(400, 'INVALID_EVENT', 'The event could not be read.');
      }
      if (error instanceof ProviderError) {
        // PayPal's verification API is down: not the sender's fault, and it will retry.
        outcomes.inc({ provider: name, outcome: 'verification_unavailable' });
        request.log.error({ err: error }, 'webhook verification unavailable');
        throw new AppError(503, 'VERIFICATION_UNAVAILABLE', 'The event cannot be verified right now. Please retry.');
      }
      throw error;
    }
    let duplicate = observations.length > 0;
    for (const observation of observations) {
      const result = await applyObservation(payments, name, observation, null, request.log);
      if (result.outcome !== 'duplicate') duplicate = false;
      outcomes.inc({ provider: name, outcome: result.outcome });
      request.log.info({ provider: name, eventId: observation.eventId, eventType: observation.eventType, outcome: result.outcome, reason: result.reason }, 'payment event');
    }
    return reply.status(200).send({ received: true as const, duplicate });
  };

  const schema = (summary: string) => ({
    tags: ['webhooks'],
    summary,
    response: { 200: webhookResponse, 400: apiErrorBody, 404: apiErrorBody, 413: apiErrorBody, 415: apiErrorBody, 503: apiErrorBody },
  });
  const routeOptions = { bodyLimit: 128 * 1024 };

  app.post(PAYMENT_PATHS.coinbaseWebhook, { ...routeOptions, schema: schema('Coinbase Commerce events (X-CC-Webhook-Signature)') }, handler('coinbase', payments.coinbase));
  app.post(PAYMENT_PATHS.paypalWebhook, { ...routeOptions, schema: schema('PayPal events (verified with PayPal)') }, handler('paypal', payments.paypal));
  app.post(PAYMENT_PATHS.sandboxWebhook, { ...routeOptions, schema: schema('Sandbox events (signed with the install secret)') }, handler('sandbox', payments.sandbox));
}
