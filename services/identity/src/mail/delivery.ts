// Delivers the outbox: a poller on the service's own database, safe with several replicas.
import type { FastifyBaseLogger } from 'fastify';
import { retryDelayMs } from './backoff.ts';
import type { OutboxRepository } from './outbox.ts';
import type { MailTransport } from './transport.ts';

export interface DeliveryPolicy {
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * Messages a claim takes (1 unless a test says otherwise). One at a time, each message's lease starts when its own
   * send starts, so only a send longer than the lease can be sent twice (the transport's timeouts stay inside it),
   * and a link a reader waits for goes right after the message in flight, however much bulk mail waits.
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

  async function deliverDue(): Promise<void> {
    for (;;) {
      const claimed = await outbox.claim(policy.batchSize ?? 1, policy.leaseMs);
      if (claimed.length === 0) return;
      for (const row of claimed) {
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
