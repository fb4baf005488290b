// Erasing a deleted account, for identity (docs/billing.md, "Erasing a deleted account"): identity deletes the
// account, then calls this until it answers 200. Nothing of the account renews any more, its unpaid checkouts
// are closed, and its records are kept without what named the person. 503 when a provider could not be asked to
// stop a renewal: identity retries, and the retry finishes the job. The caller proves itself with the internal
// token; the route is outside /api, so the edge never routes a browser to it.
import { INTERNAL_ACCOUNT_ERASURE_PATH } from '@keisha/contracts/billing';
import { accountErasureParams, accountErasureResponse, apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, internalOnly, type ServiceApp } from '@keisha/service-kit';
import type { Payments } from '../../payments/context.ts';
import { eraseAccount } from '../../payments/erasure.ts';

export async function internalAccountErasureRoutes(app: ServiceApp, options: { internalToken: string; payments: Payments }): Promise<void> {
  app.delete(
    INTERNAL_ACCOUNT_ERASURE_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'Erase a deleted account: stop its renewals, close its checkouts, keep its records without personal data (internal token)',
        params: accountErasureParams,
        response: { 200: accountErasureResponse, 400: apiErrorBody, 401: apiErrorBody, 503: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
    },
    async (request) => {
      const erasure = await eraseAccount(options.payments, request.params.user_id);
      if (erasure.unfinished.length > 0) {
        request.log.warn({ unfinished: erasure.unfinished }, 'an erased account still has plans renewing: a provider could not be reached');
        const providers = [...new Set(erasure.unfinished.map((plan) => plan.provider === 'paypal' ? 'PayPal' : plan.provider))].join(', ');
        const reason = `${providers} could not be asked to stop ${erasure.unfinished.length === 1 ? 'a renewing plan' : `${erasure.unfinished.length} renewing plans`} of this account. Everything else is erased; try again later to finish.`;
        throw new AppError(503, 'PROVIDER_UNAVAILABLE', reason, { reason, erased: erasure.erased, unfinished: erasure.unfinished });
      }
      return { success: true as const, erased: erasure.erased };
    },
  );
}
