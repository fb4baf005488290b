import { ADMIN_NEWSLETTER_PATHS, type NewsletterIssue } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import type { IssueDraft } from '../domain/newsletter.ts';

/** POST a new issue, or PUT the changes of a scheduled one. */
export async function saveIssue(draft: IssueDraft, id?: string): Promise<NewsletterIssue> {
  const body = { day: draft.day, subject: draft.subject.trim(), body: draft.body, format: draft.format };
  const path = id ? ADMIN_NEWSLETTER_PATHS.issue(id) : ADMIN_NEWSLETTER_PATHS.issues;
  return (await session.request<{ success: true; issue: NewsletterIssue }>(path, { method: id ? 'PUT' : 'POST', body })).issue;
}
