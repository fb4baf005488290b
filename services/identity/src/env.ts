import { z } from 'zod';
import { baseConfigSchema } from '@keisha/service-kit';

export const identityConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4001),
  /** Waitlist joins per minute per client address. */
  WAITLIST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
});
export type IdentityConfig = ReturnType<typeof identityConfigSchema.parse>;
