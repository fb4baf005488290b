import { createServiceApp, type DatabaseHandle, type ServiceApp } from '@keisha/service-kit';
import type { FastifyServerOptions } from 'fastify';
import type { DecoderConfig } from './env.ts';

export async function buildDecoderApp(
  config: DecoderConfig,
  database: DatabaseHandle<any>,
  logger?: FastifyServerOptions['logger'],
): Promise<ServiceApp> {
  return createServiceApp({
    name: 'decoder',
    description: 'Article analysis, usage quotas and analytics events.',
    config,
    database,
    logger,
    routes: async () => {
      // Routes arrive with the decoder issue; the frame (health, docs, errors, limits) is in place.
    },
  });
}
