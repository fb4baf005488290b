import type { AdminWaitlistResponse } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { waitlistPath } from '../domain/waitlist.ts';

/** GET ADMIN_PATHS.waitlist: one page of waitlist sign-ups, newest first (admins only). */
export function getWaitlist(page: number, signal?: AbortSignal): Promise<AdminWaitlistResponse> {
  return session.request<AdminWaitlistResponse>(waitlistPath(page), signal ? { signal } : {});
}
