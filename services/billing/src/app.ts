import { createServiceApp, type DatabaseHandle, type ServiceApp } from '@keisha/service-kit';
import type { FastifyServerOptions } from 'fastify';
import type { BillingConfig } from './env.ts';

export async function buildBillingApp(
  config: BillingConfig,
  database: DatabaseHandle<any>,
  logger?: FastifyServerOptions['logger'],
): Promise<ServiceApp> {
  return createServiceApp({
    name: 'billing',
    description: 'Plan catalogue, payments, webhooks and entitlements.',
    config,
    database,
    logger,
    routes: async () => {
      // Routes arrive with the billing issue; the frame (health, docs, errors, limits) is in place.
    },
  });
}
