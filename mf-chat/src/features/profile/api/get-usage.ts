import { CHAT_PATHS, type UsageResponse } from '@keisha/contracts/chat';
import { session } from '@keisha/store';
import { readerTimeZone } from '../../../lib/time-zone.ts';

/** GET /api/chat/usage: the plan and today's message count, counted at the person's own midnight. */
export function fetchUsage(signal?: AbortSignal): Promise<UsageResponse> {
  const timeZone = readerTimeZone();
  const query = timeZone ? `?${new URLSearchParams({ time_zone: timeZone }).toString()}` : '';
  return session.request<UsageResponse>(`${CHAT_PATHS.usage}${query}`, signal ? { signal } : {});
}
