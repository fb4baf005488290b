// Delivers the outbox: a poller on the service's own database, safe with several replicas.
import type { FastifyBaseLogger } from 'fastify';
import { retryDelayMs } from './backoff.ts';
import type { MailOutboxRow } from '../db/database.ts';
import type { OutboxRepository } from './outbox.ts';
import type { MailTransport } from './transport.ts';

export interface DeliveryPolicy {
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * Messages a claim takes (10 unless a test says otherwise). They are sent at the same time, so a batch lasts about as
   * long as its slowest send, which the transport's timeouts keep inside the lease: a batch that outlived its lease
   * would be claimed, and sent, again by another replica. A link a reader waits for goes in the next claim.
   */
  batchSize?: number;
}

export interface MailDelivery {
  start(): void;
  /** Looks for due messages now instead of at the next poll (after a message was queued). */
  nudge(): void;
  /** Stops polling and waits for the round in flight. */
  stop(): Promise<void>;
}

export function createMailDelivery(outbox: OutboxRepository, transport: MailTransport, policy: DeliveryPolicy, log: FastifyBaseLogger): MailDelivery {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  async function deliver(row: MailOutboxRow): Promise<void> {
    try {
      await transport.send(row);
      await outbox.markSent(row);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryIn = row.attempts >= policy.maxAttempts ? null : retryDelayMs(row.attempts, policy.retryBaseMs, policy.retryMaxMs);
      await outbox.markAttemptFailed(row, reason, retryIn);
      log.warn({ messageId: row.id, kind: row.kind, attempt: row.attempts, retryInMs: retryIn, err: reason }, retryIn === null ? 'mail failed for good' : 'mail attempt failed');
    }
  }

  async function deliverDue(): Promise<void> {
    for (;;) {
      const claimed = await outbox.claim(policy.batchSize ?? 10, policy.leaseMs);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map(deliver));
      if (stopped) return;
    }
  }

  function round(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = deliverDue()
      .catch((error) => log.error({ err: error }, 'mail delivery round failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(round);
        } else timer = setTimeout(round, policy.pollMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      round();
    },
    nudge: () => round(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
