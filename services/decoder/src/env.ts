import { baseConfigSchema } from '@keisha/service-kit';

export const decoderConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4002),
});
export type DecoderConfig = ReturnType<typeof decoderConfigSchema.parse>;
