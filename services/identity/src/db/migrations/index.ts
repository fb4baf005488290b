import type { MigrationSet } from '@keisha/service-kit';
import * as createWaitlist from './2026112101_create_waitlist.ts';
import * as createAccounts from './2026112102_create_accounts.ts';

export const migrations: MigrationSet = {
  '2026112101_create_waitlist': createWaitlist,
  '2026112102_create_accounts': createAccounts,
};
