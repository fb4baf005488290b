import { apiErrorBody } from '@keisha/contracts/schemas';
import { WAITLIST_PATH } from '@keisha/contracts/identity';
import { waitlistJoinBody, waitlistJoinResponse } from '@keisha/contracts/identity/schemas';
import type { ServiceApp } from '@keisha/service-kit';
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
        response: { 201: waitlistJoinResponse, 400: apiErrorBody, 429: apiErrorBody },
      },
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // Joining twice is joining: the same answer whether or not the address was on the list, so the form
      // tells nobody whose address is on it (the spec's 409 "already on the waitlist" did, naming PostgreSQL's 23505).
      const result = await repository.join(request.body.email);
      if (result.alreadyListed) request.log.info('waitlist: an address already on the list joined again');
      return reply.status(201).send({ success: true as const, id: result.id });
    },
  );
}
