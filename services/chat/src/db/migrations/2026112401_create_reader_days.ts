import type { Kysely } from 'kysely';
import { createReaderDaysTable, dropReaderDaysTable } from '@keisha/service-kit';

// Each counted subject's current day, fixed on the server so that a request's time zone cannot open a
// new day; the table belongs with service-kit's reader-days.ts, which the decoder and the chat share.
export async function up(db: Kysely<any>): Promise<void> {
  await createReaderDaysTable(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropReaderDaysTable(db);
}
