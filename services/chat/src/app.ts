import { createServiceApp, type DatabaseHandle, type ServiceApp } from '@keisha/service-kit';
import type { FastifyServerOptions } from 'fastify';
import type { ChatConfig } from './env.ts';

export async function buildChatApp(
  config: ChatConfig,
  database: DatabaseHandle<any>,
  logger?: FastifyServerOptions['logger'],
): Promise<ServiceApp> {
  return createServiceApp({
    name: 'chat',
    description: 'Conversations with Keisha, messages and the daily message quota.',
    config,
    database,
    logger,
    routes: async () => {
      // Routes arrive with the chat issue; the frame (health, docs, errors, limits) is in place.
    },
  });
}
