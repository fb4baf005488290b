// Receipts (docs/identity.md, "Receipts"): billing's payments, cancellations and refunds mailed to the reader.
// billing records what happened (its purchase-event feed, GET /internal/billing/purchase-events, internal token);
// identity owns the reader's address and the outbox, and pulls, so neither being down loses a message:
//
// - A timer in every replica (RECEIPTS_POLL_MS). Each tick claims the feed's row in `feed_cursors` with a lease
//   (one upsert, so one replica at a time reads the feed); the claim count is the fencing token.
// - It asks billing for the events after the stored cursor and, for each, in ONE transaction: moves the cursor
//   past it (only if this run still holds the lease and the cursor is where it read it), and queues the message
//   under the key `receipt:<billing event id>`, to the account's current address. The outbox keeps the first
//   message of a key, so a replay (a cursor set back, two replicas racing) never sends twice.
// - An account that no longer exists: the cursor moves on, nothing is sent. Billing down or answering nonsense:
//   logged, the cursor stays, the next tick asks again.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { INTERNAL_PURCHASE_EVENTS_PATH } from '@keisha/contracts/billing';
import { purchaseEventsResponse, type PurchaseEvent } from '@keisha/contracts/billing/schemas';
import { INTERNAL_TOKEN_HEADER, repeatingJob } from '@keisha/service-kit';
import type { IdentityDatabase } from '../db/database.ts';
import type { OutboxRepository } from '../mail/outbox.ts';
import { RECEIPT_KINDS, receiptMail } from './content.ts';

const FEED = 'billing';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReceiptsPolicy {
  billingUrl: string;
  publicUrl: string;
  supportEmail: string;
  pollMs: number;
  leaseMs: number;
  /** The timer runs only when true (RECEIPTS_ENABLED). */
  timer: boolean;
  /** Events asked for at once, and pages read in one tick at most. */
  pageSize?: number;
  pagesPerTick?: number;
}

export interface ReceiptsDeps {
  db: Kysely<IdentityDatabase>;
  outbox: OutboxRepository;
  nudge: () => void;
  internalToken: () => string | undefined;
  log: FastifyBaseLogger;
}

export interface ReceiptsRun {
  /** Messages queued by this run. */
  queued: number;
  /** Events passed over without a message (the account no longer exists, or the message was queued before). */
  passed: number;
  /** Billing could not be asked (the cursor stayed). */
  failed: boolean;
}

class LeaseLost extends Error {}

export function createReceipts(deps: ReceiptsDeps, policy: ReceiptsPolicy) {
  const { db, log } = deps;
  const pageSize = policy.pageSize ?? 100;
  const pagesPerTick = policy.pagesPerTick ?? 20;
  const accountUrl = `${policy.publicUrl}/account`;

  /** Takes the feed for `leaseMs`: the fence and the cursor, or null when another replica holds it. */
  async function claim(): Promise<{ fence: number; cursor: string | null } | null> {
    const lease = `${policy.leaseMs} milliseconds`;
    const { rows } = await sql<{ attempts: number; cursor: string | null }>`
      insert into feed_cursors (feed, locked_until, attempts) values (${FEED}, now() + ${lease}::interval, 1)
      on conflict (feed) do update set locked_until = now() + ${lease}::interval, attempts = feed_cursors.attempts + 1
      where feed_cursors.locked_until is null or feed_cursors.locked_until < now()
      returning attempts, cursor`.execute(db);
    const row = rows[0];
    return row ? { fence: row.attempts, cursor: row.cursor } : null;
  }

  async function eventsAfter(cursor: string | null) {
    const token = deps.internalToken();
    if (!token) throw new Error('no internal token to ask billing with');
    const url = new URL(INTERNAL_PURCHASE_EVENTS_PATH, policy.billingUrl);
    url.searchParams.set('limit', String(pageSize));
    if (cursor) url.searchParams.set('after', cursor);
    const response = await fetch(url, { headers: { [INTERNAL_TOKEN_HEADER]: token }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`billing answered ${response.status}`);
    return purchaseEventsResponse.parse(await response.json());
  }

  /** Queues the event's message and moves the cursor past it, in one transaction. True when a message was queued. */
  async function take(event: PurchaseEvent, from: string | null, fence: number): Promise<boolean> {
    const account = UUID.test(event.user_id) ? await db.selectFrom('users').select(['id', 'email']).where('id', '=', event.user_id).executeTakeFirst() : undefined;
    const mail = account ? await receiptMail(event, { accountUrl, support: policy.supportEmail }) : undefined;
    return db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('feed_cursors')
        .set({ cursor: event.cursor, updated_at: sql`now()` })
        .where('feed', '=', FEED)
        .where('attempts', '=', fence)
        .where(sql<boolean>`cursor is not distinct from ${from}`)
        .returning('feed')
        .executeTakeFirst();
      if (!moved) throw new LeaseLost('another replica took the receipts over');
      if (!account || !mail) return false;
      return deps.outbox.enqueue({ key: `receipt:${event.id}`, kind: RECEIPT_KINDS[event.kind], to: account.email, ...mail }, trx);
    });
  }

  /** Reads the feed from the stored cursor and queues what is new. Null when another replica holds the feed. */
  async function runOnce(): Promise<ReceiptsRun | null> {
    const claimed = await claim();
    if (!claimed) return null;
    const run: ReceiptsRun = { queued: 0, passed: 0, failed: false };
    let cursor = claimed.cursor;
    try {
      for (let page = 0; page < pagesPerTick; page++) {
        let events: PurchaseEvent[];
        try {
          events = (await eventsAfter(cursor)).events;
        } catch (error) {
          run.failed = true;
          log.warn({ err: error, cursor }, 'receipts: billing could not be asked; the cursor stays for the next try');
          break;
        }
        for (const event of events) {
          if (await take(event, cursor, claimed.fence)) run.queued += 1;
          else run.passed += 1;
          cursor = event.cursor;
        }
        if (events.length < pageSize) break;
      }
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
      log.warn('receipts: the lease was taken over; this run stops');
    } finally {
      await db.updateTable('feed_cursors').set({ locked_until: null }).where('feed', '=', FEED).where('attempts', '=', claimed.fence).execute();
      if (run.queued > 0) deps.nudge();
    }
    if (run.queued > 0 || run.passed > 0) log.info({ receipts: run }, 'receipts run');
    return run;
  }

  const job = repeatingJob('receipts tick', runOnce, { everyMs: policy.pollMs, log, enabled: policy.timer });
  return { runOnce, start: job.start, stop: job.stop };
}
export type Receipts = ReturnType<typeof createReceipts>;
