import { apiErrorBody } from '@keisha/contracts/schemas';
import { WAITLIST_DUPLICATE, WAITLIST_DUPLICATE_MESSAGE, WAITLIST_PATH } from '@keisha/contracts/identity';
import { waitlistJoinBody, waitlistJoinResponse } from '@keisha/contracts/identity/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import { waitlistRepository } from '../../db/repositories/waitlist.ts';

export async function waitlistRoutes(app: ServiceApp, options: { rateLimitMax: number }): Promise<void> {
  const repository = waitlistRepository(app.db);

  app.post(
    WAITLIST_PATH,
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist of the wider AI platform',
        body: waitlistJoinBody,
        response: { 201: waitlistJoinResponse, 400: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody },
      },
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await repository.join(request.body.email);
      if (result.status === 'duplicate') {
        // 23505 is PostgreSQL's unique_violation: the code the spec's client recognised as "already on the list".
        throw new AppError(409, WAITLIST_DUPLICATE, WAITLIST_DUPLICATE_MESSAGE, { pgCode: '23505' });
      }
      return reply.status(201).send({ success: true as const, id: result.id });
    },
  );
}
