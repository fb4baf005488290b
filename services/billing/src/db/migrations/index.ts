import type { MigrationSet } from '@keisha/service-kit';
import * as createDemoRequests from './2026112101_create_enterprise_demo_requests.ts';

export const migrations: MigrationSet = {
  '2026112101_create_enterprise_demo_requests': createDemoRequests,
};
