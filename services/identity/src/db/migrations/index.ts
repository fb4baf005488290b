import type { MigrationSet } from '@keisha/service-kit';
import * as createWaitlist from './2026112101_create_waitlist.ts';

export const migrations: MigrationSet = {
  '2026112101_create_waitlist': createWaitlist,
};
