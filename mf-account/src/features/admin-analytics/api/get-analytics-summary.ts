import { session } from '@keisha/store';
import type { AnalyticsPeriod, AnalyticsSummary } from '@keisha/contracts/analytics';
import { analyticsSummaryPath } from '../domain/analytics.ts';

/** GET the decoder service's analytics summary for the period (admins only). */
export function getAnalyticsSummary(days: AnalyticsPeriod, timeZone: string, signal?: AbortSignal): Promise<AnalyticsSummary> {
  return session.request<AnalyticsSummary>(analyticsSummaryPath(days, timeZone), signal ? { signal } : {});
}
