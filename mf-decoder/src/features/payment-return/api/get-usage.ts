import { DECODER_PATHS, type UsageResponse } from '@keisha/contracts/decoder';
import { session } from '@keisha/store';

function readerTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** GET /api/bias-usage/current: today's usage under the reader's plan, as the decoder service now counts it. */
export function fetchUsage(signal?: AbortSignal): Promise<UsageResponse> {
  const timeZone = readerTimeZone();
  const path = timeZone ? `${DECODER_PATHS.usage}?${new URLSearchParams({ time_zone: timeZone }).toString()}` : DECODER_PATHS.usage;
  return session.request<UsageResponse>(path, signal ? { signal } : {});
}
