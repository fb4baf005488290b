// The Fastify instance every service is built on: zod-typed routes, and the decorations app.ts declares.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type ServiceApp = FastifyInstance<any, any, any, any, ZodTypeProvider>;
