import { z } from 'zod';
import { baseConfigSchema } from '@keisha/service-kit';

export const billingConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4004),
  /** Where identity publishes its public keys (JWKS) for verifying access tokens. */
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /** Demo requests per minute per client address. */
  DEMO_REQUEST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
