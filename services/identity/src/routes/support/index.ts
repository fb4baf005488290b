// A reader's support requests (signed in): send one, list one's own. Priority and the mails: src/support.
import { SUPPORT_PATHS } from '@keisha/contracts/identity';
import { supportRequestBody, supportRequestResponse, supportRequestsQuery, supportRequestsResponse } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Support } from '../../support/support.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 429: apiErrorBody };

export async function supportRoutes(app: ServiceApp, options: { support: Support; rateLimitMax: number }): Promise<void> {
  const { support } = options;
  const bearerOf = (request: FastifyRequest) => (typeof request.headers.authorization === 'string' ? request.headers.authorization : '');
  const accountOf = (request: FastifyRequest) => {
    if (!request.account) throw new AppError(401, 'UNAUTHORIZED', 'Sign in to contact support');
    return request.account;
  };

  app.post(
    SUPPORT_PATHS.requests,
    {
      preHandler: app.authenticate,
      // Per client address a minute, like the other write routes; per account an hour is counted in the database.
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
      schema: { tags: ['support'], summary: 'Send a support request (priority with the decoder’s Monthly and Annual plans)', body: supportRequestBody, response: { 201: supportRequestResponse, ...errors } },
    },
    async (request, reply) => {
      try {
        const stored = await support.send(accountOf(request), request.body, bearerOf(request));
        return reply.code(201).send({ success: true as const, request: stored });
      } catch (error) {
        // The error handler sends Retry-After only with a 503: the per-account limit says when it lifts.
        if (error instanceof AppError && error.statusCode === 429 && error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get(
    SUPPORT_PATHS.requests,
    {
      preHandler: app.authenticate,
      schema: { tags: ['support'], summary: 'My support requests, newest first, and whether my plan gives priority', querystring: supportRequestsQuery, response: { 200: supportRequestsResponse, ...errors } },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { requests, total, level } = await support.listOwn(accountOf(request).id, page, page_size, bearerOf(request));
      return { success: true as const, requests, total, page, page_size, level };
    },
  );
}
