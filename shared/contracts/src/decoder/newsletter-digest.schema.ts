import { z } from 'zod';
import { accountIdsQuery } from '../common.ts';

export const newsletterDigestParams = z.object({ user_id: z.uuid({ error: 'Not an account id' }) });
const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give the day as YYYY-MM-DD' })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: 'No such day' });
export const newsletterDigestQuery = z.object({ day: dayField });
/** Up to 100 readers (`user_ids` as in the admin lists: ids separated by commas) and the day. */
export const newsletterDigestsQuery = accountIdsQuery.extend({ day: dayField });
const termOfTheDaySchema = z.object({ term: z.string(), category: z.string(), explanation: z.string(), replacement: z.string(), source_url: z.string() });
const readerWeekSchema = z.object({
  count: z.number().int(),
  average_score: z.number().nullable(),
  analyses: z.array(z.object({ title: z.string(), score: z.number(), term_count: z.number().int(), created_at: z.string() })),
});
export const newsletterDigestResponse = z.object({ success: z.literal(true), term: termOfTheDaySchema, week: readerWeekSchema });
/** Every reader asked has a week, empty (count 0) when they analysed nothing. */
export const newsletterDigestsResponse = z.object({ success: z.literal(true), term: termOfTheDaySchema, weeks: z.record(z.string(), readerWeekSchema) });
