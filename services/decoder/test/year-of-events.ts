// A year of analytics events made up deterministically: readers arrive every day, some analyse, a few see
// the paywall, fewer start a checkout and fewer still buy. For the analytics tests and the bench script.
import { sql, type Kysely } from 'kysely';
import { seededRandom } from '../scripts/lib/seeded-random.ts';

export interface GeneratedEvent {
  event: string;
  session_id: string;
  created_at: Date;
}


const STEPS: Array<[event: string, chance: number]> = [
  ['analysis_completed', 0.5],
  ['paywall_shown', 0.4],
  ['sign_up', 0.6],
  ['payment_initiated', 0.3],
  ['purchase', 0.5],
];

/** `sessionsPerDay` browser sessions a day for `days` days before `now`, each walking down the funnel. */
export function yearOfEvents(now: Date, { days = 365, sessionsPerDay = 20, seed = 14 } = {}): GeneratedEvent[] {
  const next = seededRandom(seed);
  const events: GeneratedEvent[] = [];
  for (let d = 0; d < days; d++) {
    for (let s = 0; s < sessionsPerDay; s++) {
      const session = `s-${d}-${s}`;
      const start = now.getTime() - d * 86_400_000 - Math.floor(next() * 86_400_000);
      let at = start;
      const add = (event: string) => {
        events.push({ event, session_id: session, created_at: new Date(at) });
        at += 1000;
      };
      const views = 1 + Math.floor(next() * 3);
      for (let v = 0; v < views; v++) add('page_view');
      for (const [event, chance] of STEPS) {
        if (next() >= chance) break;
        add(event);
      }
    }
  }
  return events.filter((e) => e.created_at.getTime() <= now.getTime());
}

/** Inserts events in batches, as the track route stores them (the session id inside the properties). */
export async function insertEvents(db: Kysely<any>, events: readonly GeneratedEvent[], batch = 2000): Promise<void> {
  for (let i = 0; i < events.length; i += batch) {
    const rows = events.slice(i, i + batch).map((e) => ({ event: e.event, properties: JSON.stringify({ session_id: e.session_id, url: '/' }), created_at: e.created_at }));
    await db.insertInto('analytics_events').values(rows).execute();
  }
  // What autovacuum does after a load: statistics, and the visibility map that lets the aggregate read the index only.
  await sql`vacuum (analyze) analytics_events`.execute(db);
}
