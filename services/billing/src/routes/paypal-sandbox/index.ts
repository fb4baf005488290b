// The PayPal sandbox's routes (issue 28, item 3). In place of PayPal's button and approval window: a signed-in
// reader creates a subscription here and is sent to billing's approval page, labelled as the sandbox; Approve
// activates it (as PayPal's BILLING.SUBSCRIPTION.ACTIVATED webhook would, through the same `fulfil`) and
// returns to /thank-you with method=paypal, the tier, the amount and the subscription id, exactly as PayPal's
// onApprove does; the thank-you page then verifies it with POST /api/billing/paypal/verify like a real one.
import { PAYMENT_MESSAGES, PAYMENT_PATHS, paymentPath } from '@keisha/contracts/billing';
import { paypalSandboxCreateBody, paypalSandboxCreateResponse, paypalSandboxParams } from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyReply } from 'fastify';
import { messagePage, pageHeaders, paypalSandboxApprovalPage } from '../../domain/pages.ts';
import { paypalPurchase } from '../../domain/purchase.ts';
import type { Payments } from '../../payments/context.ts';
import { applyObservation } from '../../payments/observations.ts';
import { alreadyCovered, PLAN_ALREADY_COVERED } from '../../payments/upgrades.ts';
import { subscriptionView } from '../../payments/views.ts';

/** Where PayPal's onApprove sends the browser on /pricing (the marketing remote's thankYouLink, same query). */
export function thankYouPath(tier: 'monthly' | 'annual', subscriptionId: string): string {
  const amount = (paypalPurchase(tier).price.cents / 100).toFixed(2);
  return `/thank-you?${new URLSearchParams({ method: 'paypal', tier, amount, subscription_id: subscriptionId }).toString()}`;
}

export const PRICING_AFTER_PAYPAL_CANCEL = '/pricing?paypal=cancelled';

export async function paypalSandboxRoutes(app: ServiceApp, options: { payments: Payments }): Promise<void> {
  const sandbox = options.payments.paypalSandbox;
  if (!sandbox) return;
  const { payments } = options;
  // The approval page's forms carry no fields we read; accept them (and only small ones).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  const creationLimit = { rateLimit: { max: payments.config.PAYMENT_RATE_LIMIT_MAX, timeWindow: '1 minute' } };

  app.post(
    PAYMENT_PATHS.paypalSandboxSubscriptions,
    {
      schema: {
        tags: ['payments'],
        summary: 'PayPal sandbox: create a subscription waiting for approval (what PayPal’s button does)',
        body: paypalSandboxCreateBody,
        response: { 201: paypalSandboxCreateResponse, 400: apiErrorBody, 401: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody },
      },
      onRequest: app.authenticate,
      config: creationLimit,
    },
    async (request, reply) => {
      // Refused before PayPal is involved, as the other ways of paying are (src/payments/upgrades.ts).
      const covered = await alreadyCovered(payments, request.user.sub.toLowerCase(), paypalPurchase(request.body.tier));
      if (covered) throw new AppError(409, PLAN_ALREADY_COVERED, covered.message, { reason: covered.message, subscription: subscriptionView(covered.covering) });
      const created = await sandbox.createSubscription({ tier: request.body.tier, accountId: request.user.sub.toLowerCase(), email: request.user.email ?? null });
      return reply.status(201).send({ success: true as const, subscription_id: created.id, approve_url: paymentPath(PAYMENT_PATHS.paypalSandboxApproval, { id: created.id }) });
    },
  );

  const send = (reply: FastifyReply, status: number, html: string) => reply.status(status).headers(pageHeaders([])).send(html);
  const notFound = (reply: FastifyReply) => send(reply, 404, messagePage('Subscription not found', 'This PayPal sandbox subscription does not exist.'));
  const hidden = { params: paypalSandboxParams, tags: ['pages'] };

  app.get(PAYMENT_PATHS.paypalSandboxApproval, { schema: { ...hidden, summary: 'The PayPal sandbox’s approval page' } }, async (request, reply) => {
    const row = await sandbox.find(request.params.id);
    const tier = row ? sandbox.tierOfPlan(row.plan_id) : null;
    if (!row || !tier) return notFound(reply);
    const purchase = paypalPurchase(tier);
    return send(
      reply,
      200,
      paypalSandboxApprovalPage({
        title: purchase.title,
        amountDisplay: purchase.price.display,
        period: tier === 'annual' ? 'year' : 'month',
        status: row.status,
        approveAction: paymentPath(PAYMENT_PATHS.paypalSandboxApprove, { id: row.id }),
        cancelAction: paymentPath(PAYMENT_PATHS.paypalSandboxCancel, { id: row.id }),
        doneUrl: row.status === 'ACTIVE' ? thankYouPath(tier, row.id) : PRICING_AFTER_PAYPAL_CANCEL,
      }),
    );
  });

  app.post(PAYMENT_PATHS.paypalSandboxApprove, { schema: { ...hidden, summary: 'Approve a PayPal sandbox subscription' } }, async (request, reply) => {
    // A page on another site cannot approve someone's subscription from the browser.
    if (request.headers['sec-fetch-site'] === 'cross-site') return send(reply, 403, messagePage('Not allowed', 'Open the approval page to approve.'));
    const row = await sandbox.approve(request.params.id);
    const tier = row ? sandbox.tierOfPlan(row.plan_id) : null;
    if (!row || !tier) return notFound(reply);
    if (row.status !== 'ACTIVE') return reply.redirect(PRICING_AFTER_PAYPAL_CANCEL, 303);
    // What PayPal's activation webhook does; the thank-you page's verification then finds it done.
    const applied = await applyObservation(payments, 'paypal', sandbox.activation(row), null, request.log);
    if (!applied.subscription) throw new AppError(502, 'PROVIDER_ERROR', PAYMENT_MESSAGES.initiationFailed);
    return reply.redirect(thankYouPath(tier, row.id), 303);
  });

  app.post(PAYMENT_PATHS.paypalSandboxCancel, { schema: { ...hidden, summary: 'Leave the PayPal sandbox’s approval page' } }, async (_request, reply) =>
    reply.redirect(PRICING_AFTER_PAYPAL_CANCEL, 303),
  );
}
