// How long the outbox keeps what it sent. Every message's subject, recipient, kind, status and dates stay (the
// admin console's Outbox, the newsletter's delivery counts, the dedupe keys), but the bodies, which hold what
// readers wrote to support, receipts' amounts and newsletters, are emptied once a message is older than
// MAIL_BODY_RETENTION_DAYS and no longer pending. Without this, every newsletter ever sent stayed in full in the
// database (a body of 10-20 KB for each subscriber each day). Runs in every replica: the update is idempotent, and
// two replicas at once only empty the same rows twice.
import type { FastifyBaseLogger } from 'fastify';
import { repeatingJob } from '@keisha/service-kit';
import type { OutboxRepository } from './outbox.ts';

export interface RetentionPolicy {
  retentionDays: number;
  everyMs: number;
  timer: boolean;
  /** Rows emptied per statement, and statements per run at most (the rest waits for the next run). */
  batch?: number;
  maxBatches?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createMailRetention(outbox: OutboxRepository, policy: RetentionPolicy, log: FastifyBaseLogger) {
  const batch = policy.batch ?? 500;
  const maxBatches = policy.maxBatches ?? 40;

  /** One pass: empties the due bodies in batches; how many it emptied. */
  async function runOnce(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - policy.retentionDays * DAY_MS);
    let emptied = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await outbox.emptyBodiesBefore(cutoff, batch);
      emptied += n;
      if (n < batch) break;
    }
    if (emptied > 0) log.info({ emptied, olderThanDays: policy.retentionDays }, 'mail retention: bodies of old messages emptied');
    return emptied;
  }

  const job = repeatingJob('mail retention', runOnce, { everyMs: policy.everyMs, log, enabled: policy.timer, firstAfterMs: Math.min(60_000, policy.everyMs) });
  return { runOnce, start: job.start, stop: job.stop };
}
export type MailRetention = ReturnType<typeof createMailRetention>;
