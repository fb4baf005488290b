import { ADMIN_NEWSLETTER_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

export interface RunSummary {
  day: string;
  queued: number;
  skipped: number;
  complete: boolean;
}

/** POST: today's newsletter now, to subscribed readers who have not had it. */
export async function sendTodaysNow(): Promise<RunSummary> {
  return (await session.request<{ success: true; run: RunSummary }>(ADMIN_NEWSLETTER_PATHS.run, { method: 'POST', body: {} })).run;
}
