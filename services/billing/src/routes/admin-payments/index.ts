// Administrators (mf-account): manual Cash App payments waiting for a match, approve or reject
// them (an approval takes effect at once), record a refund made at a provider, and Chat Gold's early-access list.
import { MANUAL_PAYMENT_NOT_PENDING, PAYMENT_NOT_FOUND, PAYMENT_PATHS } from '@keisha/contracts/billing';
import { adminEarlyAccessResponse, adminManualPaymentsQuery, adminManualPaymentsResponse, adminPaymentActionResponse, adminRejectBody, paymentIdParams } from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { SubscriptionRow } from '../../db/database.ts';
import type { Payments } from '../../payments/context.ts';
import type { PaymentSignal } from '../../domain/subscription-state.ts';
import { fulfil } from '../../payments/fulfilment.ts';
import { stopOutrankedRenewals } from '../../payments/upgrades.ts';
import { manualPaymentView, subscriptionView } from '../../payments/views.ts';

/** An approval of a payment into a deleted account (fulfil refuses to activate it). */
export const ACCOUNT_ERASED_APPROVAL = 'This account was deleted, so nothing can be approved into it. If the money arrived, send it back.';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody, 502: apiErrorBody, 503: apiErrorBody };

export async function adminPaymentRoutes(app: ServiceApp, options: { payments: Payments }): Promise<void> {
  const { payments } = options;
  const repo = payments.subscriptions;
  const admin = { onRequest: app.authenticate, preHandler: requireAdmin };

  async function manual(id: string): Promise<SubscriptionRow> {
    const row = await repo.findById(id);
    if (!row || row.provider !== 'cashapp') throw new AppError(404, 'NOT_FOUND', PAYMENT_NOT_FOUND);
    return row;
  }

  /**
   * An administrator's decision on a Cash App payment, applied (once, by its event id) as a provider's event would
   * be; refused with 409 unless the payment ends up active (approved) or failed (rejected), i.e. it was pending.
   */
  async function decide(id: string, actor: string, decision: 'approve' | 'reject', signal: PaymentSignal) {
    const row = await manual(id);
    const result = await fulfil(payments.db, {
      source: 'cashapp',
      eventId: `${decision}:${row.id}`,
      eventType: decision === 'approve' ? 'manual.approved' : 'manual.rejected',
      subscriptionId: row.id,
      signal,
      actor,
    });
    const decided = result.subscription ?? row;
    if (result.outcome === 'refused') throw new AppError(409, 'ACCOUNT_ERASED', ACCOUNT_ERASED_APPROVAL, { reason: ACCOUNT_ERASED_APPROVAL, subscription: subscriptionView(decided) });
    if (decided.status !== (decision === 'approve' ? 'active' : 'failed')) throw new AppError(409, 'NOT_PENDING', MANUAL_PAYMENT_NOT_PENDING);
    const stopped = decision === 'approve' ? await stopOutrankedRenewals(payments, decided) : [];
    const updated = stopped.find((stop) => stop.id === row.id) ?? decided;
    return { success: true as const, subscription: subscriptionView(updated) };
  }

  app.get(
    PAYMENT_PATHS.adminManualPayments,
    { ...admin, schema: { tags: ['admin'], summary: 'Manual (Cash App) payments, oldest pending first', querystring: adminManualPaymentsQuery, response: { 200: adminManualPaymentsResponse, ...errors } } },
    async (request) => {
      const now = new Date();
      return { success: true as const, payments: (await repo.listManual(request.query.status)).map((row) => manualPaymentView(row, now)) };
    },
  );

  app.get(
    PAYMENT_PATHS.adminEarlyAccess,
    { ...admin, schema: { tags: ['admin'], summary: 'Chat Gold readers, to invite first (early access), earliest first', response: { 200: adminEarlyAccessResponse, ...errors } } },
    async () => ({
      success: true as const,
      readers: (await repo.listGoldReaders()).map((reader) => ({ user_id: reader.user_id, email: reader.email, since: reader.since.toISOString() })),
    }),
  );

  app.post(
    PAYMENT_PATHS.adminApproveManualPayment,
    { ...admin, schema: { tags: ['admin'], summary: 'Approve a Cash App payment: the plan is active at once', params: paymentIdParams, response: { 200: adminPaymentActionResponse, ...errors } } },
    async (request) => decide(request.params.id, request.user.sub, 'approve', { kind: 'confirmed' }),
  );

  app.post(
    PAYMENT_PATHS.adminRejectManualPayment,
    {
      ...admin,
      schema: { tags: ['admin'], summary: 'Reject a Cash App payment that never arrived', params: paymentIdParams, body: adminRejectBody, response: { 200: adminPaymentActionResponse, ...errors } },
    },
    async (request) => {
      const reason = request.body?.reason?.trim();
      return decide(request.params.id, request.user.sub, 'reject', { kind: 'failed', reason: reason ? `rejected: ${reason}` : 'rejected: no matching Cash App payment' });
    },
  );

  // A refund is made at the provider (or by hand for Cash App); this records it and ends access.
  // A PayPal subscription is also cancelled there, so it does not bill again.
  app.post(
    PAYMENT_PATHS.adminRefundSubscription,
    { ...admin, schema: { tags: ['admin'], summary: 'Record a refund: access ends at once', params: paymentIdParams, response: { 200: adminPaymentActionResponse, ...errors } } },
    async (request) => {
      const row = await repo.findById(request.params.id);
      if (!row) throw new AppError(404, 'NOT_FOUND', PAYMENT_NOT_FOUND);
      if (row.provider === 'paypal' && row.status === 'active' && row.provider_ref) {
        if (!payments.paypal?.cancel) throw new AppError(503, 'PROVIDER_UNAVAILABLE', 'PayPal is not configured.');
        try {
          await payments.paypal.cancel(row.provider_ref, 'Refunded');
        } catch (error) {
          request.log.error({ err: error }, 'PayPal refused the cancellation');
          throw new AppError(502, 'PROVIDER_ERROR', 'PayPal could not cancel the subscription. Please try again.');
        }
      }
      const result = await fulfil(payments.db, {
        source: 'account',
        eventId: `refund:${row.id}`,
        eventType: 'subscription.refunded',
        subscriptionId: row.id,
        signal: { kind: 'refunded', reason: 'refunded by an administrator' },
        actor: request.user.sub,
      });
      return { success: true as const, subscription: subscriptionView(result.subscription ?? row) };
    },
  );
}
