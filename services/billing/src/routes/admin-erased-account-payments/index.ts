// Administrators (mf-account's Payments page): money that arrived for a purchase after its account was deleted,
// refused and not applied, to refund at the provider; and the mark that it was sent back.
import { ERASED_ACCOUNT_PAYMENT_NOT_FOUND, PAYMENT_PATHS } from '@keisha/contracts/billing';
import {
  adminErasedAccountPaymentResponse,
  adminErasedAccountPaymentsQuery,
  adminErasedAccountPaymentsResponse,
  erasedAccountPaymentParams,
} from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import type { Kysely } from 'kysely';
import { AppError, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { BillingDatabase } from '../../db/database.ts';
import { erasedAccountPaymentsRepository } from '../../db/repositories/erased-account-payments.ts';
import { erasedAccountPaymentView } from '../../payments/views.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };

export async function adminErasedAccountPaymentRoutes(app: ServiceApp): Promise<void> {
  const repo = erasedAccountPaymentsRepository(app.db as Kysely<BillingDatabase>);
  const admin = { onRequest: app.authenticate, preHandler: requireAdmin };

  app.get(
    PAYMENT_PATHS.adminErasedAccountPayments,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Payments that arrived for deleted accounts (refused, to refund at the provider), newest first',
        querystring: adminErasedAccountPaymentsQuery,
        response: { 200: adminErasedAccountPaymentsResponse, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { records, total } = await repo.list(page, page_size);
      return { success: true as const, payments: records.map(erasedAccountPaymentView), total, page, page_size };
    },
  );

  app.post(
    PAYMENT_PATHS.adminMarkErasedAccountPaymentReturned,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Mark a payment for a deleted account as refunded at the provider (the first mark stands)',
        params: erasedAccountPaymentParams,
        response: { 200: adminErasedAccountPaymentResponse, ...errors },
      },
    },
    async (request) => {
      const marked = await repo.markReturned(request.params.id.toLowerCase(), request.user.sub);
      if (!marked) throw new AppError(404, 'NOT_FOUND', ERASED_ACCOUNT_PAYMENT_NOT_FOUND);
      return { success: true as const, payment: erasedAccountPaymentView(marked) };
    },
  );
}
