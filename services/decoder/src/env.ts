import { z } from 'zod';
import { baseConfigSchema } from '@keisha/service-kit';

export const decoderConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4002),
  /** Where identity publishes its public keys (JWKS) for verifying access tokens. */
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /** Analysis requests per minute per client address (the daily quota is separate). */
  ANALYSIS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  /** Analytics events per minute per client address. */
  TRACK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  COOKIE_SECURE: z.stringbool().default(false),
});
export type DecoderConfig = z.infer<typeof decoderConfigSchema>;
