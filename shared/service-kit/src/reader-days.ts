// Where each subject's current day is kept (a `reader_days` table in the service's own schema; see
// reader-day.ts for why). A day is moved forward with a compare-and-set on the day that was read, so
// two concurrent first requests of a new day, asking for different zones, agree on one day.
// Concurrent requests share their round trips: the reads of subjects not in memory go as one select,
// and new subjects' first days as one insert (a burst of new readers, or every reader after a restart,
// would otherwise take two statements each through a pool of ten).
import { sql, type Kysely } from 'kysely';
import { batches } from './batches.ts';
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

/**
 * The table, as each service's migration creates it (chat's and decoder's `2026112401_create_reader_days`).
 * Applied migrations run this: changing it changes history, so a new shape needs a new migration instead.
 */
export async function createReaderDaysTable(db: Kysely<any>): Promise<void> {
  // Each counted subject's current day (zone, local date, end), fixed on the server so that a
  // request's time zone cannot open a new day (see reader-day.ts).
  await db.schema
    .createTable('reader_days')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function dropReaderDaysTable(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reader_days').execute();
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

  // One select for the subjects of every request waiting (each asks for its own; a subject asked twice is read once).
  const readStored = batches<string, ReaderDay | null>(async (subjects) => {
    // The date as text: drivers turn a `date` into a Date at local midnight, which shifts it in some zones.
    const rows = (await db
      .selectFrom('reader_days')
      .select(['subject', 'time_zone', sql<string>`day::text`.as('day'), 'ends_at'])
      .where('subject', 'in', [...new Set(subjects)])
      .execute()) as ReaderDayRow[];
    const found = new Map(rows.map((row) => [row.subject, fromRow(row)]));
    return subjects.map((subject) => found.get(subject) ?? null);
  });

  async function stored(subjects: string[]): Promise<Map<string, ReaderDay>> {
    const days = await Promise.all(subjects.map(readStored));
    const found = new Map<string, ReaderDay>();
    subjects.forEach((subject, i) => {
      if (days[i]) found.set(subject, days[i]);
    });
    return found;
  }

  // New subjects' first days, one insert for every request waiting. A subject in the batch twice (two
  // first requests at once, perhaps from two zones) is stored once, from the first: the other is told
  // it lost, reads what was stored and agrees with it, as it would after losing to another instance.
  const insertFirst = batches<{ subject: string; day: ReaderDay }, boolean>(async (firsts) => {
    const winners = new Map<string, number>();
    firsts.forEach(({ subject }, i) => {
      if (!winners.has(subject)) winners.set(subject, i);
    });
    const rows = [...winners.keys()].map((subject) => {
      const { day } = firsts[winners.get(subject)!]!;
      return { subject, time_zone: day.timeZone, day: day.day, ends_at: day.endsAt };
    });
    const inserted = await db.insertInto('reader_days').values(rows).onConflict((oc) => oc.column('subject').doNothing()).returning('subject').execute();
    const stored = new Set(inserted.map((row: { subject: string }) => row.subject));
    return firsts.map(({ subject }, i) => winners.get(subject) === i && stored.has(subject));
  });

  /** Moves a subject to `next` if it is still on `previous`; false when another request moved it first. */
  async function advance(subject: string, previous: ReaderDay | undefined, next: ReaderDay): Promise<boolean> {
    if (!previous) return insertFirst({ subject, day: next });
    const values = { time_zone: next.timeZone, day: next.day, ends_at: next.endsAt };
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
      let pending = unknown;
      for (let attempt = 0; attempt < 5; attempt++) {
        // Each subject's day at once (their first days can then share one insert).
        const decided = await Promise.all(
          pending.map(async (subject) => {
            const previous = current.get(subject);
            const next = readerDayFor(previous, timeZone, now);
            return { subject, next, kept: sameDay(previous, next) || (await advance(subject, previous, next)) };
          }),
        );
        const moved: string[] = [];
        for (const { subject, next, kept } of decided) {
          if (kept) {
            days.set(subject, next);
            remember(subject, next);
          } else moved.push(subject);
        }
        if (moved.length === 0) return days;
        pending = moved;
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

