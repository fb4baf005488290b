import { baseConfigSchema } from '@keisha/service-kit';

export const chatConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4003),
});
export type ChatConfig = ReturnType<typeof chatConfigSchema.parse>;
