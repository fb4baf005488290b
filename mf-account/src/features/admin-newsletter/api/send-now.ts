import { ADMIN_NEWSLETTER_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import type { RunSummary } from '../domain/newsletter.ts';

/** POST: today's newsletter now, to subscribed readers who have not had it (202 while a long list still goes out). */
export async function sendTodaysNow(): Promise<RunSummary> {
  return (await session.request<{ success: true; run: RunSummary }>(ADMIN_NEWSLETTER_PATHS.run, { method: 'POST', body: {} })).run;
}
