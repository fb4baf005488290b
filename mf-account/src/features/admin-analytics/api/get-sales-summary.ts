import { session } from '@keisha/store';
import type { AnalyticsPeriod, SalesSummary } from '@keisha/contracts/analytics';
import { salesSummaryPath } from '../domain/analytics.ts';

/**
 * GET billing's confirmed purchases and revenue for the period (admins only). The console asks billing itself:
 * billing owns payments, and the decoder's summary holds only what browsers report.
 */
export function getSalesSummary(days: AnalyticsPeriod, timeZone: string, signal?: AbortSignal): Promise<SalesSummary> {
  return session.request<SalesSummary>(salesSummaryPath(days, timeZone), signal ? { signal } : {});
}
