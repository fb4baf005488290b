import type { MigrationSet } from '@keisha/service-kit';
import * as createAnalyticsEvents from './2026112101_create_analytics_events.ts';
import * as createUsageCounters from './2026112102_create_usage_counters.ts';
import * as createAnalyses from './2026112103_create_analyses.ts';
import * as createReaderDays from './2026112401_create_reader_days.ts';
import * as analyticsAggregates from './2026112404_analytics_aggregates.ts';
import * as createApiKeys from './2026112501_create_api_keys.ts';
import * as historyLz4 from './2026112601_history_lz4.ts';
import * as historyResultText from './2026112701_history_result_text.ts';
import * as fairnessApiAccountUsage from './2026112702_fairness_api_account_usage.ts';
import * as analyticsBounds from './2026112703_analytics_bounds.ts';
import * as analyticsAddressDays from './2026112704_analytics_address_days.ts';
import * as analyticsAddressDaysDay from './2026120501_analytics_address_days_day.ts';
import * as guestDaysSweep from './2026120502_guest_days_sweep.ts';

export const migrations: MigrationSet = {
  '2026112101_create_analytics_events': createAnalyticsEvents,
  '2026112102_create_usage_counters': createUsageCounters,
  '2026112103_create_analyses': createAnalyses,
  '2026112401_create_reader_days': createReaderDays,
  '2026112404_analytics_aggregates': analyticsAggregates,
  '2026112501_create_api_keys': createApiKeys,
  '2026112601_history_lz4': historyLz4,
  '2026112701_history_result_text': historyResultText,
  '2026112702_fairness_api_account_usage': fairnessApiAccountUsage,
  '2026112703_analytics_bounds': analyticsBounds,
  '2026112704_analytics_address_days': analyticsAddressDays,
  '2026120501_analytics_address_days_day': analyticsAddressDaysDay,
  '2026120502_guest_days_sweep': guestDaysSweep,
};
