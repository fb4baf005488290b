import { z } from 'zod';
import { NEWSLETTER_BODY_MAX } from './newsletter.ts';

const counts = { recipients: z.number().int(), sent: z.number().int(), pending: z.number().int(), failed: z.number().int() };

export const newsletterSubscription = z.object({ subscribed: z.boolean(), included: z.boolean().nullable(), send_hour_utc: z.number().int() });
export const newsletterSubscriptionResponse = z.object({ success: z.literal(true), subscription: newsletterSubscription });
export const newsletterSubscriptionBody = z.object({ subscribed: z.boolean({ error: 'Say whether to subscribe (true or false)' }) }).strict();

/** The unsubscribe link's signed token: `<account id>.<signature>`, both base64url. */
export const newsletterUnsubscribeQuery = z.object({
  token: z.string({ error: 'The link has no token' }).regex(/^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{43}$/, { error: 'This unsubscribe link is not valid.' }),
});

/** A UTC day, YYYY-MM-DD, that exists on the calendar. */
export const newsletterDay = z
  .string({ error: 'Give the day as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give the day as YYYY-MM-DD' })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), { error: 'No such day' });

export const newsletterIssueBody = z
  .object({
    day: newsletterDay,
    subject: z.string({ error: 'Write a subject' }).trim().min(1, { error: 'Write a subject' }).max(200, { error: 'The subject is too long: at most 200 characters' }),
    body: z
      .string({ error: 'Write the issue' })
      .max(NEWSLETTER_BODY_MAX, { error: `The issue is too long: at most ${NEWSLETTER_BODY_MAX.toLocaleString('en-US')} characters` })
      .refine((body) => body.trim().length > 0, { error: 'Write the issue' }),
    format: z.enum(['markdown', 'text']).default('markdown'),
  })
  .strict();
export const newsletterIssueParams = z.object({ id: z.uuid({ error: 'Not an issue id' }) });

export const newsletterIssue = z.object({
  id: z.string(),
  day: z.string(),
  subject: z.string(),
  body: z.string(),
  format: z.enum(['markdown', 'text']),
  created_at: z.string(),
  updated_at: z.string(),
  ...counts,
});
export const newsletterIssueResponse = z.object({ success: z.literal(true), issue: newsletterIssue });
export const newsletterDaySummary = z.object({ day: z.string(), kind: z.enum(['issue', 'automatic']), subject: z.string(), ...counts });
export const adminNewsletterResponse = z.object({
  success: z.literal(true),
  issues: z.array(newsletterIssue),
  days: z.array(newsletterDaySummary),
  subscribers: z.number().int(),
  send_hour_utc: z.number().int(),
});
export const newsletterRunBody = z.object({}).strict().default({});
export const newsletterRunResponse = z.object({
  success: z.literal(true),
  /**
   * What the run did (200), or has done so far while it goes on (202, `in_progress`: the list was too long to wait
   * for; the Newsletter page's "What went out" counts grow as it goes).
   */
  run: z.object({ day: z.string(), queued: z.number().int(), skipped: z.number().int(), complete: z.boolean(), in_progress: z.boolean() }),
});
