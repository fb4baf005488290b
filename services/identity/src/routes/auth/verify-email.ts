import { AUTH_PATHS } from '@keisha/contracts/identity';
import { okResponse, verifyEmailBody } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import type { ServiceApp } from '@keisha/service-kit';
import type { Mail } from '../../mail/mailer.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 410: apiErrorBody, 429: apiErrorBody };

export async function verifyEmailRoutes(app: ServiceApp, options: { mail: Mail; rateLimitMax: number }): Promise<void> {
  const { verification, delivery } = options.mail;
  const limited = { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } };

  app.post(
    AUTH_PATHS.verifyEmail,
    { schema: { tags: ['auth'], summary: 'Confirm the address with the token of a verification link', body: verifyEmailBody, response: { 200: okResponse, ...errors } }, config: limited },
    async (request) => {
      await verification.verify(request.body.token);
      return { success: true as const };
    },
  );

  app.post(
    AUTH_PATHS.verifyEmailResend,
    { schema: { tags: ['auth'], summary: 'Send a new verification link (at most one a minute)', response: { 200: okResponse, ...errors } }, preHandler: app.authenticate, config: limited },
    async (request) => {
      await verification.resend(request.account!);
      delivery.nudge();
      return { success: true as const };
    },
  );
}
