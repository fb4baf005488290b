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

/**
 * The addresses' shares of days before yesterday, which the sweep deletes: an address's share matters only on its
 * day. Served by the index on `day` (migration 2026120501_analytics_address_days_day).
 */
export function deleteStaleAddressDaysQuery(db: Kysely<DecoderDatabase>) {
  return db.deleteFrom('analytics_address_days').where('day', '<', sql<string>`(now() at time zone 'UTC')::date - 1`);
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

    /**
     * Stores a browser event if the UTC day still has room for its address and for the site: the address's row
     * for the day counts it only below its share, the day's row (events + 1, bytes + its weight) only while both
     * stay within their caps, and the event is inserted only when both were counted. One statement: exact under
     * concurrency and with several replicas. False when either is full.
     */
    async recordEvent(
      event: string,
      propertiesJson: string,
      bytes: number,
      at: { day: string; subject: string },
      caps: { events: number; bytes: number; eventsPerSubject: number },
    ): Promise<boolean> {
      const result = await sql<{ id: string }>`
        with share as (
          insert into analytics_address_days as a (subject, day, events) values (${at.subject}, ${at.day}::date, 1)
          on conflict (subject, day) do update set events = a.events + 1
          where a.events < ${caps.eventsPerSubject}
          returning day
        ), slot as (
          insert into analytics_days as d (day, events, bytes) select day, 1, ${bytes} from share
          on conflict (day) do update set events = d.events + 1, bytes = d.bytes + excluded.bytes
          where d.events < ${caps.events} and d.bytes + excluded.bytes <= ${caps.bytes}
          returning day
        )
        insert into analytics_events (event, properties)
        select ${event}, ${propertiesJson}::jsonb from slot
        returning id`.execute(db);
      return result.rows.length === 1;
    },

    /**
     * Deletes events and front-end error reports created before `cutoff`, `batch` rows per statement (short
     * locks, bounded WAL per step), and the daily counters of days before it. Returns the rows deleted.
     */
    async deleteBefore(cutoff: Date, batch = 5000): Promise<{ events: number; clientErrors: number; days: number }> {
      const deleted = { events: 0, clientErrors: 0, days: 0 };
      for (const [table, key] of [['analytics_events', 'events'], ['client_errors', 'clientErrors']] as const) {
        for (;;) {
          const result = await sql<{ id: string }>`
            delete from ${sql.table(table)} where id in (
              select id from ${sql.table(table)} where created_at < ${cutoff} order by created_at limit ${batch}
            ) returning id`.execute(db);
          deleted[key] += result.rows.length;
          if (result.rows.length < batch) break;
        }
      }
      const days = await db.deleteFrom('analytics_days').where('day', '<', cutoff.toISOString().slice(0, 10)).executeTakeFirst();
      deleted.days = Number(days.numDeletedRows ?? 0);
      // An address's share matters only on its day: yesterday's rows go at once.
      await deleteStaleAddressDaysQuery(db).execute();
      return deleted;
    },

    async recordClientError(report: ClientErrorReport): Promise<void> {
      await db.insertInto('client_errors').values(report).execute();
    },
  };
}
