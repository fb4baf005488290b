import { z } from 'zod';
import { emailField } from '../common.ts';
import { DEMO_EMAIL_INVALID, DEMO_EMAIL_REQUIRED } from './index.ts';

export const demoRequestBody = z.object({
  email: z.string({ error: DEMO_EMAIL_REQUIRED }).trim().min(1, { error: DEMO_EMAIL_REQUIRED }).pipe(emailField(DEMO_EMAIL_INVALID)),
});
export const demoRequestResponse = z.object({ success: z.literal(true) });
export const adminDemoRequestsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminDemoRequestsResponse = z.object({
  success: z.literal(true),
  requests: z.array(z.object({ id: z.string(), email: z.string(), created_at: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const entitlementSchema = z.object({
  decoder_tier: z.enum(['free', 'monthly', 'annual']),
  chat_tier: z.enum(['Free', 'Starter', 'Pro', 'Gold']),
  expires_at: z.string().nullable(),
  lifetime: z.boolean(),
});
export const entitlementResponse = z.object({ success: z.literal(true), entitlement: entitlementSchema });
export const adminEntitlementsResponse = z.object({ success: z.literal(true), entitlements: z.record(z.string(), entitlementSchema) });
