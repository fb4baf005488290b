// The guest sweep: guests' daily counters and stored days are deleted once no time zone can be on their day again
// (usage repository, forgetGuestDays). At start, then on a timer (service kit's repeatingJob), in every replica: a
// delete of what another replica already deleted finds nothing. A run takes up to `batch` rows of each table per
// statement and stops after `maxBatches`, so a backlog (the first run after this shipped, or after a flood) never
// holds a long lock; the rest waits for the next run. A failure (the database away) is logged, and the next tick
// tries again.
import { repeatingJob, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../db/database.ts';
import { usageRepository } from '../db/repositories/usage.ts';

export interface GuestSweepOptions {
  everyMs: number;
  enabled: boolean;
  batch?: number;
  maxBatches?: number;
}

export function createGuestSweep(db: Kysely<DecoderDatabase>, { batch = 5000, maxBatches = 20 }: Pick<GuestSweepOptions, 'batch' | 'maxBatches'> = {}) {
  const usage = usageRepository(db);
  /** One run; the rows it deleted. */
  return async function sweepOnce(): Promise<{ counters: number; days: number }> {
    const total = { counters: 0, days: 0 };
    for (let i = 0; i < maxBatches; i++) {
      const deleted = await usage.forgetGuestDays(batch);
      total.counters += deleted.counters;
      total.days += deleted.days;
      if (deleted.counters < batch && deleted.days < batch) break;
    }
    return total;
  };
}

export function registerGuestSweep(app: ServiceApp, options: GuestSweepOptions): void {
  const sweepOnce = createGuestSweep(app.db as Kysely<DecoderDatabase>, options);
  const swept = app.metrics.counter('decoder_guest_rows_swept_total', 'Guests’ daily counters and stored days deleted after their day, by table.', ['table']);
  const job = repeatingJob(
    'guest sweep',
    async () => {
      const deleted = await sweepOnce();
      swept.inc({ table: 'usage_counters' }, deleted.counters);
      swept.inc({ table: 'reader_days' }, deleted.days);
      if (deleted.counters + deleted.days > 0) app.log.info({ deleted }, 'guest sweep: counters and days of guests past their day deleted');
    },
    { everyMs: options.everyMs, log: app.log, enabled: options.enabled, firstAfterMs: 0 },
  );
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
}
