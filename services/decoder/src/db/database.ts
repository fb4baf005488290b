import type { ReaderDaysTable } from '@keisha/service-kit';
import type { ColumnType, Generated } from 'kysely';

export interface UsageCountersTable {
  subject: string;
  day: ColumnType<string, string, string>;
  used: number;
}

export interface AnalyticsEventsTable {
  id: Generated<string>;
  event: string;
  properties: ColumnType<unknown, string, string>;
  /** Generated from properties.session_id. */
  session_id: ColumnType<string | null, never, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Browser events accepted per UTC day, and the bytes of their properties: the global daily cap. */
export interface AnalyticsDaysTable {
  day: ColumnType<string, string, string>;
  events: number;
  bytes: ColumnType<string, number | string, number | string>;
}

/** Browser events accepted per address (`ip:<address>`) per UTC day: one address's share of the day. */
export interface AnalyticsAddressDaysTable {
  subject: string;
  day: ColumnType<string, string, string>;
  events: number;
}

export interface ClientErrorsTable {
  id: Generated<string>;
  remote: string;
  version: string;
  route: string;
  kind: 'load' | 'crash';
  message: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface AnalysesTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  score: number;
  term_count: number;
  text: string;
  /** The analysis as shown, as the JSON text the route wrote (routes/history parses it). */
  result: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  hash: string;
  owner_is_admin: ColumnType<boolean, boolean | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_used_at: ColumnType<Date | null, never, Date | string>;
  revoked_at: ColumnType<Date | null, never, Date | string>;
}

export interface ApiKeyUsageTable {
  key_id: string;
  day: ColumnType<string, string, string>;
  used: number;
}

/** Articles analysed with all of an account's API keys on a UTC day. */
export interface ApiAccountUsageTable {
  user_id: string;
  day: ColumnType<string, string, string>;
  used: number;
}

export interface DecoderDatabase {
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  api_account_usage: ApiAccountUsageTable;
  reader_days: ReaderDaysTable;
  analyses: AnalysesTable;
  usage_counters: UsageCountersTable;
  analytics_events: AnalyticsEventsTable;
  analytics_days: AnalyticsDaysTable;
  analytics_address_days: AnalyticsAddressDaysTable;
  client_errors: ClientErrorsTable;
  service_secrets: ServiceSecretsTable;
}
