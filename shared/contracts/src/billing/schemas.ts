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
