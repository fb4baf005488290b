import { ApiError } from '@keisha/contracts';
import { DECODER_PATHS, type Usage, type UsageResponse } from '@keisha/contracts/decoder';
import { session } from '@keisha/store';
import { readUsage } from '../domain/analysis-result.ts';
import { readerTimeZone } from './time-zone.ts';

/** A sync that takes longer than this gives up, and the analysis goes on with the usage kept locally. */
const USAGE_SYNC_TIMEOUT_MS = 5000;

/** GET /api/bias-usage/current: today's usage of whoever is asking (the server tells guests from users). */
export async function fetchUsage(signal?: AbortSignal): Promise<Usage> {
  const timeout = AbortSignal.timeout(USAGE_SYNC_TIMEOUT_MS);
  // The reader's time zone decides which day's count is today's.
  const timeZone = readerTimeZone();
  const path = timeZone ? `${DECODER_PATHS.usage}?${new URLSearchParams({ time_zone: timeZone }).toString()}` : DECODER_PATHS.usage;
  const response = await session.request<UsageResponse>(path, {
    signal: signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const usage = readUsage(response);
  if (!usage) throw new ApiError(200, 'BAD_RESPONSE', 'The server sent a usage record that is not valid.');
  return usage;
}
