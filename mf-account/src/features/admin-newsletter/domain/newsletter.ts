// The admin console's view of the daily newsletter: identity's /api/identity/admin/newsletter routes.
import type { NewsletterDay, NewsletterFormat, NewsletterIssue } from '@keisha/contracts/identity';
import { countLabel } from '../../../lib/format.ts';

export interface AdminNewsletterResponse {
  success: true;
  issues: NewsletterIssue[];
  days: NewsletterDay[];
  subscribers: number;
  send_hour_utc: number;
}

export interface IssueDraft {
  day: string;
  subject: string;
  body: string;
  format: NewsletterFormat;
}

export const FORMAT_LABELS: Record<NewsletterFormat, string> = { markdown: 'Markdown', text: 'Plain text' };
export const KIND_LABELS: Record<NewsletterDay['kind'], string> = { issue: 'Written issue', automatic: 'Automatic (term of the day and the reader’s week)' };

/** Today as the newsletter counts days: UTC. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

export const emptyDraft = (now = new Date()): IssueDraft => ({ day: todayUtc(now), subject: '', body: '', format: 'markdown' });

/** What is wrong with a draft before it is sent (the server checks again). */
export function draftErrors(draft: IssueDraft, now = new Date()): Partial<Record<keyof IssueDraft, string>> {
  const errors: Partial<Record<keyof IssueDraft, string>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.day)) errors.day = 'Choose a day';
  else if (draft.day < todayUtc(now)) errors.day = 'Choose today or a later day (UTC)';
  if (!draft.subject.trim()) errors.subject = 'Write a subject';
  else if (draft.subject.trim().length > 200) errors.subject = 'At most 200 characters';
  if (!draft.body.trim()) errors.body = 'Write the issue';
  return errors;
}

/** An issue can be changed or withdrawn until its day's messages are queued. */
export const isEditable = (issue: NewsletterIssue): boolean => issue.recipients === 0;

/** What "Send today's now" answered: the run's counts, whole (200) or so far (202, still going out). */
export interface RunSummary {
  day: string;
  queued: number;
  skipped: number;
  complete: boolean;
  in_progress: boolean;
}

/** The notice after "Send today's now". */
export function runMessage(run: RunSummary): string {
  const skipped = run.skipped ? `, ${run.skipped} subscribed ${run.skipped === 1 ? 'reader' : 'readers'} without a plan that includes it` : '';
  if (run.in_progress) {
    return `Today’s newsletter is going out: ${countLabel(run.queued, 'message', 'messages')} queued so far${skipped}. It goes on without this page; Refresh shows how far it got.`;
  }
  return `Today’s newsletter: ${countLabel(run.queued, 'message', 'messages')} queued${skipped}${run.complete ? '' : '; some readers could not be checked and are left for the next try'}.`;
}
