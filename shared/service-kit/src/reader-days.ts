// Where each subject's current day is kept (a `reader_days` table in the service's own schema; see
// reader-day.ts for why). A day is moved forward with a compare-and-set on the day that was read, so
// two concurrent first requests of a new day, asking for different zones, agree on one day.
import { sql, type Kysely } from 'kysely';
import { readerDayFor, sameDay, type ReaderDay } from './reader-day.ts';

/** The `reader_days` table, for a service's Database interface. */
export interface ReaderDaysTable {
  subject: string;
  time_zone: string;
  day: string;
  ends_at: Date | string;
}

interface ReaderDayRow {
  subject: string;
  time_zone: string;
  day: string;
  ends_at: Date | string;
}

function fromRow(row: ReaderDayRow): ReaderDay {
  return { timeZone: row.time_zone, day: row.day, endsAt: new Date(row.ends_at) };
}

export interface ReaderDaysOptions {
  /** How many subjects' days are remembered in memory (the oldest are forgotten first). */
  remembered?: number;
}

export function readerDaysRepository(db: Kysely<any>, { remembered = 50_000 }: ReaderDaysOptions = {}) {
  // A stored day never changes before it ends (only an ended day is moved forward, see reader-day.ts),
  // so a day read or stored here holds until its end in every instance: a subject's later requests that
  // day need no query to know it.
  const known = new Map<string, ReaderDay>();

  function remember(subject: string, day: ReaderDay): void {
    known.delete(subject);
    if (known.size >= remembered) known.delete(known.keys().next().value!);
    known.set(subject, day);
  }

  function recall(subject: string, now: Date): ReaderDay | undefined {
    const day = known.get(subject);
    return day && now < day.endsAt ? day : undefined;
  }

  async function stored(subjects: string[]): Promise<Map<string, ReaderDay>> {
    if (subjects.length === 0) return new Map();
    // The date as text: drivers turn a `date` into a Date at local midnight, which shifts it in some zones.
    const rows = (await db
      .selectFrom('reader_days')
      .select(['subject', 'time_zone', sql<string>`day::text`.as('day'), 'ends_at'])
      .where('subject', 'in', subjects)
      .execute()) as ReaderDayRow[];
    return new Map(rows.map((row) => [row.subject, fromRow(row)]));
  }

  /** Moves a subject to `next` if it is still on `previous`; false when another request moved it first. */
  async function advance(subject: string, previous: ReaderDay | undefined, next: ReaderDay): Promise<boolean> {
    const values = { time_zone: next.timeZone, day: next.day, ends_at: next.endsAt };
    if (!previous) {
      const inserted = await db
        .insertInto('reader_days')
        .values({ subject, ...values })
        .onConflict((oc) => oc.column('subject').doNothing())
        .returning('subject')
        .executeTakeFirst();
      return inserted !== undefined;
    }
    const updated = await db
      .updateTable('reader_days')
      .set(values)
      .where('subject', '=', subject)
      .where('day', '=', previous.day)
      .where('time_zone', '=', previous.timeZone)
      .returning('subject')
      .executeTakeFirst();
    return updated !== undefined;
  }

  return {
    /** Each subject's day for a request at `now` asking for `timeZone`, stored so later requests agree. */
    async resolve(subjects: string[], timeZone: string, now = new Date()): Promise<Map<string, ReaderDay>> {
      const unique = [...new Set(subjects)];
      const days = new Map<string, ReaderDay>();
      for (const subject of unique) {
        const day = recall(subject, now);
        if (day) days.set(subject, day);
      }
      const unknown = unique.filter((subject) => !days.has(subject));
      if (unknown.length === 0) return days;
      let current = await stored(unknown);
      for (let attempt = 0; attempt < 5; attempt++) {
        const moved: string[] = [];
        for (const subject of unknown) {
          if (days.has(subject)) continue;
          const previous = current.get(subject);
          const next = readerDayFor(previous, timeZone, now);
          if (sameDay(previous, next) || (await advance(subject, previous, next))) {
            days.set(subject, next);
            remember(subject, next);
          } else moved.push(subject);
        }
        if (moved.length === 0) return days;
        current = await stored(moved); // another request moved these first: decide again from what it stored
      }
      throw new Error('reader day kept moving under concurrent requests');
    },

    /** What `resolve` would answer, without storing anything (for a read such as today's usage). */
    async peek(subjects: string[], timeZone: string, now = new Date()): Promise<Map<string, ReaderDay>> {
      const unique = [...new Set(subjects)];
      const unknown = unique.filter((subject) => !recall(subject, now));
      const current = unknown.length > 0 ? await stored(unknown) : new Map<string, ReaderDay>();
      return new Map(unique.map((subject) => [subject, recall(subject, now) ?? readerDayFor(current.get(subject), timeZone, now)]));
    },
  };
}
export type ReaderDaysRepository = ReturnType<typeof readerDaysRepository>;

