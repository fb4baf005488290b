import type { MigrationSet } from '@keisha/service-kit';
import * as createAnalyticsEvents from './2026112101_create_analytics_events.ts';

export const migrations: MigrationSet = {
  '2026112101_create_analytics_events': createAnalyticsEvents,
};
