import { ADMIN_NEWSLETTER_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import type { AdminNewsletterResponse } from '../domain/newsletter.ts';

/** GET the issues, what went out day by day and how many readers are subscribed (admins only). */
export function getNewsletter(signal?: AbortSignal): Promise<AdminNewsletterResponse> {
  return session.request<AdminNewsletterResponse>(ADMIN_NEWSLETTER_PATHS.overview, signal ? { signal } : {});
}
