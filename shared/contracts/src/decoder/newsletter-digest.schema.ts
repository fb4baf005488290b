import { z } from 'zod';

export const newsletterDigestParams = z.object({ user_id: z.uuid({ error: 'Not an account id' }) });
export const newsletterDigestQuery = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give the day as YYYY-MM-DD' }).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: 'No such day' }),
});
export const newsletterDigestResponse = z.object({
  success: z.literal(true),
  term: z.object({ term: z.string(), category: z.string(), explanation: z.string(), replacement: z.string(), source_url: z.string() }),
  week: z.object({
    count: z.number().int(),
    average_score: z.number().nullable(),
    analyses: z.array(z.object({ title: z.string(), score: z.number(), term_count: z.number().int(), created_at: z.string() })),
  }),
});
