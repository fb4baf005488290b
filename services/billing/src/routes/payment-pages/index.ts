// The pages a buyer's browser is sent to when billing itself is the place to pay: the sandbox
// checkout (Pay posts a signed event to the sandbox webhook, as a provider would, then returns to
// the site) and the Cash App instructions. HTML with a strict CSP; everything rendered is escaped.
import { z } from 'zod';
import { PAYMENT_PATHS, paymentPath } from '@keisha/contracts/billing';
import type { ServiceApp } from '@keisha/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SubscriptionRow } from '../../db/database.ts';
import { usd } from '../../domain/catalogue.ts';
import { cashAppPage, messagePage, pageHeaders, sandboxCheckoutPage } from '../../domain/pages.ts';
import { originOf } from '../../domain/return-urls.ts';
import { cashAppLink, cashAppPageInstructions } from '../../providers/cashapp.ts';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEventType } from '../../providers/sandbox.ts';
import { chatPurchase, decoderPurchase, type ChatPaidTier, type DecoderPaidTier } from '../../domain/purchase.ts';
import type { Payments } from '../../payments/context.ts';

const idParams = z.object({ id: z.string().max(100) });

function titleOf(row: SubscriptionRow): string {
  const method = row.payment_method === 'cashapp' ? 'cashapp' : 'bitcoin';
  return row.product === 'chat' ? chatPurchase(row.tier as ChatPaidTier, method).title : decoderPurchase(row.tier as DecoderPaidTier, method).title;
}

export async function paymentPageRoutes(app: ServiceApp, options: { payments: Payments }): Promise<void> {
  const { payments } = options;
  // A form post carries no fields we read; accept it (and only a small one) so Pay and Cancel work.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  const send = (reply: FastifyReply, status: number, html: string, row?: SubscriptionRow) =>
    reply
      .status(status)
      .headers(pageHeaders(row ? [originOf(row.return_url ?? '/'), originOf(row.cancel_url ?? '/')] : []))
      .send(html);
  const notFound = (reply: FastifyReply) => send(reply, 404, messagePage('Checkout not found', 'This checkout does not exist or has been closed.'));

  async function rowOf(id: string, provider: SubscriptionRow['provider']): Promise<SubscriptionRow | undefined> {
    const row = await payments.subscriptions.findById(id);
    return row?.provider === provider ? row : undefined;
  }

  const hidden = { params: idParams };

  app.get(PAYMENT_PATHS.sandboxCheckout, { schema: { ...hidden, tags: ['pages'], summary: 'The sandbox checkout page' } }, async (request, reply) => {
    const row = payments.sandbox ? await rowOf(request.params.id, 'sandbox') : undefined;
    if (!row) return notFound(reply);
    return send(
      reply,
      200,
      sandboxCheckoutPage({
        title: titleOf(row),
        amountDisplay: usd(row.amount_cents ?? 0).display,
        status: row.status,
        payAction: paymentPath(PAYMENT_PATHS.sandboxPay, { id: row.id }),
        cancelAction: paymentPath(PAYMENT_PATHS.sandboxCancel, { id: row.id }),
        returnUrl: row.return_url,
        cancelUrl: row.cancel_url,
      }),
      row,
    );
  });

  /** Posts a signed event to the sandbox webhook route, exactly as a provider would deliver it. */
  async function deliver(request: FastifyRequest, type: SandboxEventType, row: SubscriptionRow): Promise<boolean> {
    const { raw, signature } = await payments.sandbox!.signedEvent(type, { id: row.id, amountCents: row.amount_cents ?? 0, currency: row.currency ?? 'USD' });
    const delivery = await app.inject({
      method: 'POST',
      url: PAYMENT_PATHS.sandboxWebhook,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      payload: raw,
    });
    if (delivery.statusCode !== 200) request.log.error({ status: delivery.statusCode, body: delivery.body }, 'sandbox webhook delivery failed');
    return delivery.statusCode === 200;
  }

  const action = (type: SandboxEventType) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    // A page on another site cannot pay or cancel someone's checkout from the browser.
    if (request.headers['sec-fetch-site'] === 'cross-site') return send(reply, 403, messagePage('Not allowed', 'Open the checkout page to pay.'));
    const row = payments.sandbox ? await rowOf(request.params.id, 'sandbox') : undefined;
    if (!row) return notFound(reply);
    if (row.status === 'pending' && !(await deliver(request, type, row))) {
      return send(reply, 502, messagePage('Payment not recorded', 'The sandbox could not record this payment. Please try again.'), row);
    }
    const after = (await payments.subscriptions.findById(row.id)) ?? row;
    const paid = after.status === 'active' || after.status === 'cancelled';
    return reply.redirect((paid ? after.return_url : after.cancel_url) ?? '/', 303);
  };

  app.post(PAYMENT_PATHS.sandboxPay, { schema: { ...hidden, tags: ['pages'], summary: 'Pay a sandbox checkout' } }, action('payment.confirmed'));
  app.post(PAYMENT_PATHS.sandboxCancel, { schema: { ...hidden, tags: ['pages'], summary: 'Cancel a sandbox checkout' } }, action('checkout.cancelled'));

  app.get(PAYMENT_PATHS.cashAppInstructions, { schema: { ...hidden, tags: ['pages'], summary: 'Cash App instructions' } }, async (request, reply) => {
    const row = await rowOf(request.params.id, 'cashapp');
    if (!row) return notFound(reply);
    const cashtag = payments.cashappTag?.cashtag ?? null;
    const sandbox = payments.cashappTag?.sandbox ?? false;
    const method = 'cashapp' as const;
    const purchase = row.product === 'chat' ? chatPurchase(row.tier as ChatPaidTier, method) : decoderPurchase(row.tier as DecoderPaidTier, method);
    const amount = usd(row.amount_cents ?? purchase.price.cents);
    // Open to whoever has the link, like the sandbox checkout: the buyer's address is named, not shown.
    const instructions = cashAppPageInstructions(amount.display, cashtag, sandbox);
    return send(
      reply,
      200,
      cashAppPage({
        title: purchase.title,
        amountDisplay: amount.display,
        cashtag,
        // The sandbox's tag is a placeholder: no link into Cash App for it.
        cashAppLink: sandbox ? null : cashAppLink(cashtag, amount.cents),
        sandbox,
        note: instructions.note,
        message: instructions.message,
        status: row.status,
        returnUrl: row.return_url,
        cancelUrl: row.cancel_url,
      }),
      row,
    );
  });
}
