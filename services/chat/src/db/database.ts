import type { ReaderDaysTable } from '@keisha/service-kit';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ChatSessionsTable {
  id: Generated<string>;
  user_id: string;
  /** null until the first message names the conversation. */
  title: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type StoredMessageStatus = 'complete' | 'streaming' | 'stopped' | 'failed';

export interface MessagesTable {
  id: Generated<string>;
  session_id: string;
  /** Set on a person's bubble (and null on Keisha's). */
  user_prompt: string | null;
  /** Set on Keisha's bubble (and null on the person's). */
  ai_response: string | null;
  status: ColumnType<StoredMessageStatus, StoredMessageStatus | undefined, StoredMessageStatus>;
  engine: 'llm' | 'embedded' | null;
  /** JSON array of {title, url}. */
  sources: ColumnType<unknown, string | undefined, string>;
  /** JSON array of strings. */
  notes: ColumnType<unknown, string | undefined, string>;
  /** Insertion order (bigserial); breaks created_at ties. */
  seq: ColumnType<string, never, never>;
  created_at: CreatedAt;
  /** Keisha's bubble while it streams: the instance and the process writing it (see plugins/answer-leases.ts). */
  stream_instance: ColumnType<string | null, string | null | undefined, string | null>;
  stream_process: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when the answer counts as being written; renewed by its process while it runs. */
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The day (YYYY-MM-DD) its message was counted in: where it is given back if the answer fails. Read as text with ::text (a date reads as a Date). */
  charged_day: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface ChatUsageCountersTable {
  user_id: string;
  /** The person's local calendar day, YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  used: number;
}

export interface ChatDatabase {
  reader_days: ReaderDaysTable;
  chat_sessions: ChatSessionsTable;
  messages: MessagesTable;
  chat_usage_counters: ChatUsageCountersTable;
}

export type SessionRow = Selectable<ChatSessionsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;
