import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface WaitlistTable {
  id: Generated<string>;
  email: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface IdentityDatabase {
  waitlist: WaitlistTable;
}

export type WaitlistRow = Selectable<WaitlistTable>;
export type NewWaitlistRow = Insertable<WaitlistTable>;
