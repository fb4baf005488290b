// The spec's payment calls (section 7) with its messages (sections 5 and 8), plus what the
// return pages need: a checkout's state, a provider check, and the PayPal verification.
import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_NOT_FOUND,
  PAYMENT_PATHS,
  PAYPAL_VERIFY_FAILED,
  type Entitlement,
} from '@keisha/contracts/billing';
import {
  cancelSubscriptionBody,
  cancelSubscriptionResponse,
  checkoutResponse,
  createCheckoutSessionBody,
  createCheckoutSessionResponse,
  createSubscriptionBody,
  createSubscriptionResponse,
  paymentIdParams,
  paymentOptionsResponse,
  paypalCheckBody,
  paypalCheckResponse,
  paypalVerifyBody,
  paypalVerifyResponse,
  subscriptionParams,
  subscriptionStatusResponse,
} from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { SubscriptionRow } from '../../db/database.ts';
import { isErased, isUuid } from '../../db/repositories/subscriptions.ts';
import { currentPurchase, entitlementOf, grantsAccess } from '../../domain/entitlements.ts';
import { ProviderError } from '../../domain/ports.ts';
import { chatPurchase, decoderPurchase, dollars, paypalPurchase } from '../../domain/purchase.ts';
import { startCheckout, type CheckoutRequest, type CheckoutResult } from '../../payments/checkout.ts';
import type { Payments } from '../../payments/context.ts';
import { fulfil } from '../../payments/fulfilment.ts';
import { cancelPurchase } from '../../payments/cancellation.ts';
import { applyObservation } from '../../payments/observations.ts';
import { alreadyCovered, PLAN_ALREADY_COVERED, stopOutrankedRenewals } from '../../payments/upgrades.ts';
import { subscriptionView } from '../../payments/views.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody, 502: apiErrorBody, 503: apiErrorBody };

function isOwnerOrAdmin(request: FastifyRequest, userId: string): boolean {
  return request.user.role === 'admin' || userId.toLowerCase() === request.user.sub.toLowerCase();
}

/** A failed start, in the words of the call that failed (spec section 8). */
function checkoutFailure(result: Exclude<CheckoutResult, { ok: true }>, message: string, urlMessage: string, log: FastifyBaseLogger): AppError {
  switch (result.kind) {
    case 'bad_urls':
      return new AppError(400, 'INVALID_RETURN_URL', urlMessage);
    case 'covered':
      // Not the spec's failure message: nothing failed, and the reader needs to know why nothing is sold.
      return new AppError(409, PLAN_ALREADY_COVERED, result.message, { reason: result.message, subscription: subscriptionView(result.covering) });
    case 'too_many':
      return new AppError(429, 'TOO_MANY_CHECKOUTS', message);
    case 'account_erased':
      return new AppError(403, 'ACCOUNT_ERASED', message);
    case 'no_provider':
      return new AppError(503, 'PROVIDER_UNAVAILABLE', message);
    case 'provider_failed':
      log.error({ err: result.error }, 'payment provider could not open a checkout');
      return new AppError(502, 'PROVIDER_ERROR', message);
  }
}

export async function paymentRoutes(app: ServiceApp, options: { payments: Payments }): Promise<void> {
  const { payments } = options;
  const repo = payments.subscriptions;
  const creationLimit = { rateLimit: { max: payments.config.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  // Return pages poll while a provider finishes: more room than for starting purchases.
  /** The options of the two routes that start a purchase: signed in (a guest is refused before the body is read), and creationLimit. */
  const purchaseStart = <Body extends ZodType, Response extends ZodType>(summary: string, body: Body, response: Response) => ({
    schema: { tags: ['payments'], summary, body, response: { 201: response, ...errors } },
    onRequest: app.authenticate,
    config: creationLimit,
  });
  /**
   * Opens a checkout for the signed-in buyer at the provider of the method they chose (Cash App by hand, else the
   * Bitcoin provider), or throws the refusal in the words of the call that failed.
   */
  async function openCheckout(request: FastifyRequest, checkout: Omit<CheckoutRequest, 'userId' | 'provider'> & { method: string }, failed: string, urlsRequired: string) {
    const { method, ...rest } = checkout;
    const result = await startCheckout(payments, { ...rest, userId: request.user.sub, provider: method === 'cashapp' ? payments.cashapp : payments.bitcoin });
    if (!result.ok) throw checkoutFailure(result, failed, urlsRequired, request.log);
    return result;
  }
  const verificationLimit = { rateLimit: { max: payments.config.PAYMENT_RATE_LIMIT_MAX * 3, timeWindow: '1 minute' } };

  async function entitlementFor(userId: string, now: Date): Promise<{ rows: SubscriptionRow[]; entitlement: Entitlement }> {
    const rows = await repo.listForUser(userId, 10_000);
    // An erased (deleted) account keeps its records, not a plan.
    return { rows, entitlement: entitlementOf((await isErased(payments.db, userId)) ? [] : rows, now) };
  }

  app.get(
    PAYMENT_PATHS.paymentOptions,
    { schema: { tags: ['payments'], summary: 'Which payment providers are live', response: { 200: paymentOptionsResponse } } },
    async () => payments.options(),
  );

  // Spec section 7: the decoder paywall. Guests are refused (401) before the body is even read.
  app.post(
    PAYMENT_PATHS.createSubscription,
    purchaseStart('Start a decoder subscription (Bitcoin or Cash App)', createSubscriptionBody, createSubscriptionResponse),
    async (request, reply) => {
      const body = request.body;
      if (body.user_id.toLowerCase() !== request.user.sub.toLowerCase()) throw new AppError(403, 'FORBIDDEN', PAYMENT_MESSAGES.initiationFailed);
      const result = await openCheckout(
        request,
        { email: request.user.email ?? null, purchase: decoderPurchase(body.tier, body.payment_method), method: body.payment_method, returnUrl: body.return_url, cancelUrl: body.cancel_url, referenceParam: 'subscription_id' },
        PAYMENT_MESSAGES.initiationFailed,
        PAYMENT_MESSAGES.urlsRequired,
      );
      return reply.status(201).send({
        success: true as const,
        payment_url: result.session.paymentUrl,
        amount: dollars(result.row.amount_cents ?? 0),
        currency: 'USD' as const,
        subscription_id: result.row.id,
        provider: result.row.provider,
        status: 'pending' as const,
        instructions: result.session.instructions,
      });
    },
  );

  app.get(
    PAYMENT_PATHS.subscription,
    {
      schema: { tags: ['payments'], summary: 'A person’s subscriptions and plan (the owner or an administrator)', params: subscriptionParams, response: { 200: subscriptionStatusResponse, ...errors } },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = request.params;
      if (!isOwnerOrAdmin(request, userId)) throw new AppError(403, 'FORBIDDEN', PAYMENT_MESSAGES.statusFailed);
      if (!isUuid(userId)) throw new AppError(404, 'NOT_FOUND', PAYMENT_MESSAGES.statusFailed);
      const now = new Date();
      const { rows, entitlement } = await entitlementFor(userId.toLowerCase(), now);
      const current = currentPurchase(rows, 'decoder', now);
      return {
        success: true as const,
        user_id: userId.toLowerCase(),
        entitlement,
        subscription: current ? subscriptionView(current, now) : null,
        subscriptions: rows.slice(0, 50).map((row) => subscriptionView(row, now)),
      };
    },
  );

  // Cancelling stops renewal (access lasts until the end of the paid period), or closes an unpaid checkout;
  // a payment confirmed first always wins (src/payments/cancellation.ts).
  app.post(
    PAYMENT_PATHS.cancelSubscription,
    {
      schema: { tags: ['payments'], summary: 'Cancel a subscription (access continues to the end of the paid period)', body: cancelSubscriptionBody, response: { 200: cancelSubscriptionResponse, ...errors } },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { user_id, subscription_id, reason, expected_status } = request.body;
      if (!isOwnerOrAdmin(request, user_id)) throw new AppError(403, 'FORBIDDEN', PAYMENT_MESSAGES.cancelFailed);
      const row = await repo.findById(subscription_id);
      if (!row || row.user_id !== user_id.toLowerCase()) throw new AppError(404, 'NOT_FOUND', PAYMENT_MESSAGES.cancelFailed);
      const outcome = await cancelPurchase(payments, row, { expected: expected_status, reason, actor: request.user.sub });
      const now = new Date();
      if (!outcome.ok) {
        if ('error' in outcome) request.log.error({ err: outcome.error }, 'the provider refused the cancellation');
        const details = { reason: outcome.reason, ...('subscription' in outcome ? { subscription: subscriptionView(outcome.subscription, now) } : {}) };
        throw new AppError(outcome.status, outcome.code, PAYMENT_MESSAGES.cancelFailed, details);
      }
      const updated = outcome.subscription;
      return {
        success: true as const,
        subscription: subscriptionView(updated, now),
        access_until: grantsAccess(updated, now) ? (updated.current_period_end?.toISOString() ?? null) : null,
      };
    },
  );

  // Spec section 7: the chat upgrade (Starter, Pro, Gold).
  app.post(
    PAYMENT_PATHS.createCheckoutSession,
    purchaseStart('Start a chat plan checkout', createCheckoutSessionBody, createCheckoutSessionResponse),
    async (request, reply) => {
      const body = request.body;
      const accountEmail = request.user.email?.toLowerCase();
      if (accountEmail && body.email.toLowerCase() !== accountEmail) throw new AppError(403, 'FORBIDDEN', CHECKOUT_MESSAGES.failed);
      const method = body.payment_method ?? 'bitcoin';
      const result = await openCheckout(
        request,
        { email: accountEmail ?? body.email.toLowerCase(), purchase: chatPurchase(body.tier, method), method, returnUrl: body.success_url, cancelUrl: body.cancel_url, referenceParam: 'session_id' },
        CHECKOUT_MESSAGES.failed,
        CHECKOUT_MESSAGES.failed,
      );
      return reply.status(201).send({
        success: true as const,
        url: result.session.paymentUrl,
        session_id: result.row.id,
        amount: dollars(result.row.amount_cents ?? 0),
        currency: 'USD' as const,
        provider: result.row.provider,
        instructions: result.session.instructions,
      });
    },
  );

  async function ownCheckout(request: FastifyRequest, id: string): Promise<SubscriptionRow> {
    const row = await repo.findById(id);
    if (!row || !isOwnerOrAdmin(request, row.user_id)) throw new AppError(404, 'NOT_FOUND', PAYMENT_NOT_FOUND);
    return row;
  }

  async function checkoutAnswer(row: SubscriptionRow) {
    const now = new Date();
    return { success: true as const, checkout: subscriptionView(row, now), entitlement: (await entitlementFor(row.user_id, now)).entitlement };
  }

  app.get(
    PAYMENT_PATHS.checkout,
    {
      schema: { tags: ['payments'], summary: 'One purchase of the caller (return pages)', params: paymentIdParams, response: { 200: checkoutResponse, ...errors } },
      onRequest: app.authenticate,
    },
    async (request) => checkoutAnswer(await ownCheckout(request, request.params.id)),
  );

  // A return page asks the provider itself, in case its webhook has not arrived yet: the same
  // fulfilment as the webhook, so whichever comes second changes nothing.
  app.post(
    PAYMENT_PATHS.verifyCheckout,
    {
      schema: { tags: ['payments'], summary: 'Ask the provider about a purchase, then answer its state', params: paymentIdParams, response: { 200: checkoutResponse, ...errors } },
      onRequest: app.authenticate,
      config: verificationLimit,
    },
    async (request) => {
      let row = await ownCheckout(request, request.params.id);
      const provider = payments.byName(row.provider);
      if (provider?.lookup && row.provider_ref && row.status !== 'refunded') {
        try {
          const observation = await provider.lookup(row.provider_ref);
          if (observation) {
            const result = await applyObservation(payments, row.provider, observation, request.user.sub, request.log);
            row = result.subscription ?? row;
          }
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          request.log.warn({ err: error }, 'provider lookup failed; answering the stored state');
        }
      }
      return checkoutAnswer(row);
    },
  );

  // PayPal's own button creates the subscription in the browser and PayPal charges its first period at once, so
  // the pricing page asks here first (before showing the button, and again when it is pressed): a plan that adds
  // nothing is refused before PayPal is involved, as every other way of paying is.
  app.post(
    PAYMENT_PATHS.paypalCheck,
    {
      schema: { tags: ['payments'], summary: 'Before PayPal’s button subscribes: would this plan add anything?', body: paypalCheckBody, response: { 200: paypalCheckResponse, ...errors } },
      onRequest: app.authenticate,
      config: verificationLimit,
    },
    async (request) => {
      const covered = await alreadyCovered(payments, request.user.sub.toLowerCase(), paypalPurchase(request.body.tier));
      if (covered) throw new AppError(409, PLAN_ALREADY_COVERED, covered.message, { reason: covered.message, subscription: subscriptionView(covered.covering) });
      return { success: true as const };
    },
  );

  // The thank-you page: PayPal's onApprove gave a subscription id; access only once PayPal itself
  // says ACTIVE, with one of our plans, bought for this account.
  app.post(
    PAYMENT_PATHS.paypalVerify,
    {
      schema: { tags: ['payments'], summary: 'Verify a PayPal subscription with PayPal and grant its plan', body: paypalVerifyBody, response: { 200: paypalVerifyResponse, ...errors } },
      onRequest: app.authenticate,
      config: verificationLimit,
    },
    async (request) => {
      const paypal = payments.paypal;
      if (!paypal?.lookup) throw new AppError(404, 'NOT_CONFIGURED', PAYPAL_VERIFY_FAILED);
      let observation;
      try {
        observation = await paypal.lookup(request.body.subscription_id);
      } catch (error) {
        request.log.error({ err: error }, 'PayPal could not be asked about a subscription');
        throw new AppError(502, 'PROVIDER_ERROR', PAYPAL_VERIFY_FAILED);
      }
      if (!observation) throw new AppError(404, 'NOT_FOUND', PAYPAL_VERIFY_FAILED);
      if (!observation.accountId || observation.accountId.toLowerCase() !== request.user.sub.toLowerCase()) {
        throw new AppError(403, 'CUSTOM_ID_MISMATCH', PAYPAL_VERIFY_FAILED);
      }
      const tier = paypal.tierOfPlan(observation.planId);
      if (!tier) throw new AppError(400, 'PLAN_MISMATCH', PAYPAL_VERIFY_FAILED);
      const existing = observation.providerRef ? await repo.findByProviderRef('paypal', observation.providerRef) : undefined;
      if (existing && existing.user_id !== request.user.sub.toLowerCase()) throw new AppError(403, 'CUSTOM_ID_MISMATCH', PAYPAL_VERIFY_FAILED);
      const row =
        existing ??
        (await repo.ensurePaypal({
          paypalId: observation.providerRef!,
          userId: request.user.sub.toLowerCase(),
          tier,
          email: request.user.email ?? observation.email ?? null,
          amountCents: paypalPurchase(tier).price.cents,
        }));
      const result = await fulfil(payments.db, {
        source: 'paypal',
        eventId: observation.eventId,
        eventType: observation.eventType,
        subscriptionId: row.id,
        signal: observation.signal,
        actor: request.user.sub,
      });
      const now = new Date();
      const stopped = observation.signal?.kind === 'confirmed' ? await stopOutrankedRenewals(payments, result.subscription, request.log) : [];
      const updated = stopped.find((stop) => stop.id === (result.subscription ?? row).id) ?? result.subscription ?? row;
      return {
        success: true as const,
        verified: observation.providerStatus === 'ACTIVE' && grantsAccess(updated, now),
        paypal_status: observation.providerStatus ?? 'UNKNOWN',
        subscription: subscriptionView(updated, now),
        entitlement: (await entitlementFor(updated.user_id, now)).entitlement,
      };
    },
  );
}
