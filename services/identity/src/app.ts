import { createServiceApp, type DatabaseHandle, type ServiceApp } from '@keisha/service-kit';
import type { FastifyServerOptions } from 'fastify';
import type { IdentityConfig } from './env.ts';
import { waitlistRoutes } from './routes/waitlist/index.ts';

export async function buildIdentityApp(
  config: IdentityConfig,
  database: DatabaseHandle<any>,
  logger?: FastifyServerOptions['logger'],
): Promise<ServiceApp> {
  return createServiceApp({
    name: 'identity',
    description: 'Accounts, sign-in, profiles and the waitlist.',
    config,
    database,
    logger,
    routes: async (app) => {
      await app.register(waitlistRoutes, { rateLimitMax: config.WAITLIST_RATE_LIMIT_MAX });
    },
  });
}
