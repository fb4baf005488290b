// Password reset, e-mail change and sign-in/unlock links (src/plugins/recovery.ts does the work).
import type { FastifyReply } from 'fastify';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import {
  authSuccess,
  emailChangeBody,
  emailChangeConfirmBody,
  emailChangeConfirmResponse,
  okResponse,
  passwordResetBody,
  passwordResetCheckBody,
  passwordResetRequestBody,
  unlockBody,
  unlockRequestBody,
} from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { Recovery } from '../../plugins/recovery.ts';
import { sessionCookies } from './session-cookies.ts';

export interface RecoveryRouteOptions {
  recovery: Recovery;
  cookieSecure: boolean;
  /** Requests a minute per client address (the hourly limits per address and account are in the database). */
  rateLimitMax: number;
}

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 410: apiErrorBody, 429: apiErrorBody };

/** A 429 of ours says when to ask again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429 && error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export async function recoveryRoutes(app: ServiceApp, options: RecoveryRouteOptions): Promise<void> {
  const { recovery } = options;
  const limited = { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } };
  const cookies = sessionCookies(options.cookieSecure);

  app.post(
    AUTH_PATHS.passwordResetRequest,
    {
      schema: { tags: ['auth'], summary: 'Mail a password-reset link (the same answer whether or not the address has an account)', body: passwordResetRequestBody, response: { 200: okResponse, ...errors } },
      config: limited,
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => recovery.requestPasswordReset(request.body.email, request.clientNetwork));
      return { success: true as const };
    },
  );

  app.post(
    AUTH_PATHS.passwordResetCheck,
    {
      schema: { tags: ['auth'], summary: 'Whether a reset link can still be used (it is not used up)', body: passwordResetCheckBody, response: { 200: okResponse, ...errors } },
      config: limited,
    },
    async (request) => {
      await recovery.checkResetLink(request.body.token);
      return { success: true as const };
    },
  );

  app.post(
    AUTH_PATHS.passwordReset,
    {
      schema: { tags: ['auth'], summary: 'Set a new password with a reset link; every device is signed out', body: passwordResetBody, response: { 200: okResponse, ...errors } },
      config: limited,
    },
    async (request) => {
      await recovery.resetPassword(request.body.token, request.body.new_password, request.clientNetwork);
      return { success: true as const };
    },
  );

  app.post(
    AUTH_PATHS.unlockRequest,
    {
      schema: { tags: ['auth'], summary: 'Mail a one-time sign-in/unlock link (the same answer whether or not the address has an account)', body: unlockRequestBody, response: { 200: okResponse, ...errors } },
      config: limited,
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => recovery.requestUnlock(request.body.email, request.clientNetwork, request.body.next));
      return { success: true as const };
    },
  );

  app.post(
    AUTH_PATHS.unlock,
    { schema: { tags: ['auth'], summary: 'Sign in with a one-time sign-in/unlock link', body: unlockBody, response: { 200: authSuccess, ...errors } }, config: limited },
    async (request, reply) => cookies.grant(reply, await recovery.unlock(request.body.token, request.clientNetwork)),
  );

  app.post(
    AUTH_PATHS.emailChange,
    {
      schema: { tags: ['auth'], summary: 'Ask to change the address: a confirmation link goes to the new one', body: emailChangeBody, response: { 200: okResponse, ...errors } },
      preHandler: app.authenticate,
      config: limited,
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => recovery.requestEmailChange(request.account!, request.body.password, request.body.new_email));
      return { success: true as const };
    },
  );

  app.post(
    AUTH_PATHS.emailChangeConfirm,
    {
      schema: { tags: ['auth'], summary: 'Confirm a new address with the link sent to it; the old address is told', body: emailChangeConfirmBody, response: { 200: emailChangeConfirmResponse, ...errors } },
      config: limited,
    },
    async (request) => ({ success: true as const, email: await recovery.confirmEmailChange(request.body.token) }),
  );
}
