import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { trackBody, trackResponse } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import type { ServiceApp } from '@keisha/service-kit';

export async function analyticsRoutes(app: ServiceApp, options: { rateLimitMax: number }): Promise<void> {
  // Spec section 7: events from the browser. A store failure is logged, never passed to the caller.
  app.post(
    DECODER_PATHS.track,
    {
      schema: { tags: ['analytics'], summary: 'Record an analytics event', body: trackBody, response: { 202: trackResponse, 400: apiErrorBody, 429: apiErrorBody } },
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      try {
        await app.db.insertInto('analytics_events').values({ event: request.body.event, properties: JSON.stringify(request.body.properties) }).execute();
      } catch (error) {
        request.log.warn({ err: error }, 'analytics event not stored');
      }
      return reply.status(202).send({ success: true as const });
    },
  );
}
