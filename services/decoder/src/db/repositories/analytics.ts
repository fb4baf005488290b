import { sql, type Kysely } from 'kysely';
import type { ClientErrorGroup, ClientErrorReport } from '@keisha/contracts/analytics';
import type { DecoderDatabase } from '../database.ts';
import type { EventCountRow } from '../../domain/analytics/summary.ts';
import type { AnalyticsPeriodDays } from '../../domain/analytics/period.ts';

/** The period as instants: from the first day's local midnight to the local midnight after the last day. */
function bounds(period: AnalyticsPeriodDays, timeZone: string) {
  return {
    from: sql`(${period.from}::timestamp at time zone ${timeZone})`,
    until: sql`(${period.until}::timestamp at time zone ${timeZone})`,
    day: (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone ${timeZone}, 'YYYY-MM-DD')`,
  };
}

/**
 * Events and distinct sessions per local day and event, and per event over the whole period (day null),
 * in one pass over the (created_at, event) index, which carries the session id.
 */
export function eventCountsQuery(period: AnalyticsPeriodDays, timeZone: string) {
  const { from, until, day } = bounds(period, timeZone);
  return sql<EventCountRow>`
    select day, event, count(*)::int as events, count(distinct session_id)::int as sessions
    from (
      select ${day('created_at')} as day, event, session_id
      from analytics_events
      where created_at >= ${from} and created_at < ${until}
    ) as e
    group by grouping sets ((day, event), (event))`;
}

export function analyticsRepository(db: Kysely<DecoderDatabase>) {
  return {
    async eventCounts(period: AnalyticsPeriodDays, timeZone: string): Promise<EventCountRow[]> {
      return (await eventCountsQuery(period, timeZone).execute(db)).rows;
    },

    async clientErrorDaily(period: AnalyticsPeriodDays, timeZone: string): Promise<Array<{ day: string; count: number }>> {
      const { from, until, day } = bounds(period, timeZone);
      const result = await sql<{ day: string; count: number }>`
        select ${day('created_at')} as day, count(*)::int as count
        from client_errors
        where created_at >= ${from} and created_at < ${until}
        group by 1`.execute(db);
      return result.rows;
    },

    /** The most frequent failures of the period, by remote, version, kind and message. */
    async clientErrorGroups(period: AnalyticsPeriodDays, timeZone: string, limit = 20): Promise<ClientErrorGroup[]> {
      const { from, until } = bounds(period, timeZone);
      const result = await sql<Omit<ClientErrorGroup, 'last_seen'> & { last_seen: Date | string }>`
        select remote, version, kind, message, count(*)::int as count, max(created_at) as last_seen
        from client_errors
        where created_at >= ${from} and created_at < ${until}
        group by remote, version, kind, message
        order by count desc, last_seen desc
        limit ${limit}`.execute(db);
      return result.rows.map((row) => ({ ...row, last_seen: new Date(row.last_seen).toISOString() }));
    },

    async recordClientError(report: ClientErrorReport): Promise<void> {
      await db.insertInto('client_errors').values(report).execute();
    },
  };
}
