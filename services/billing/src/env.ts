import { baseConfigSchema } from '@keisha/service-kit';

export const billingConfigSchema = baseConfigSchema.extend({
  PORT: baseConfigSchema.shape.PORT.default(4004),
});
export type BillingConfig = ReturnType<typeof billingConfigSchema.parse>;
