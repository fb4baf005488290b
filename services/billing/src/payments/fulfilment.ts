// The one idempotent way a payment takes effect, called by every webhook, by return-page
// verification and by admin and buyer actions. In ONE transaction it records the event under its
// unique (provider, event_id) -- a repeat finds the row taken and changes nothing -- locks the
// purchase, and applies the signal through the forward-only state machine.
import type { Kysely } from 'kysely';
import type { BillingDatabase, SubscriptionRow } from '../db/database.ts';
import { periodStart } from '../domain/period.ts';
import { cycleOfStored } from '../domain/purchase.ts';
import { transition, type PaymentSignal, type SubscriptionState } from '../domain/subscription-state.ts';

export interface FulfilRequest {
  /** The namespace of the event id: the provider, or 'account' for what a buyer or admin did. */
  source: string;
  eventId: string;
  eventType: string;
  /** Our purchase the event is about; null when it names none we know (recorded, not applied). */
  subscriptionId: string | null;
  /** null: an event recorded for the audit trail that changes nothing (charge:created). */
  signal: PaymentSignal | null;
  /** What the provider says was paid: a confirmation must match the catalogue price we charged. */
  paid?: { cents: number; currency: string } | null;
  resourceRef?: string | null;
  actor?: string | null;
}

export type FulfilOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown_subscription' | 'amount_mismatch' | 'recorded' | 'refused';

/** Why an activation for an erased account is recorded and not applied. */
export const ACCOUNT_ERASED_REASON = 'the account was deleted';

export interface FulfilResult {
  outcome: FulfilOutcome;
  reason: string;
  subscription: SubscriptionRow | null;
}

function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    status: row.status,
    current_period_end: row.current_period_end,
    lifetime: row.lifetime,
    activated_at: row.activated_at,
    cancelled_at: row.cancelled_at,
    failure_reason: row.failure_reason,
  };
}

export async function fulfil(db: Kysely<BillingDatabase>, request: FulfilRequest, now: Date = new Date()): Promise<FulfilResult> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('payment_events')
      .values({
        provider: request.source,
        event_id: request.eventId.slice(0, 500),
        event_type: request.eventType.slice(0, 200),
        subscription_id: request.subscriptionId,
        resource_ref: request.resourceRef?.slice(0, 500) ?? null,
        outcome: 'received',
        actor: request.actor ?? null,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();

    const current = () =>
      request.subscriptionId ? trx.selectFrom('subscriptions').selectAll().where('id', '=', request.subscriptionId).executeTakeFirst() : Promise.resolve(undefined);

    if (!recorded) return { outcome: 'duplicate' as const, reason: 'event already applied', subscription: (await current()) ?? null };

    const finish = async (outcome: FulfilOutcome, reason: string, subscription: SubscriptionRow | null): Promise<FulfilResult> => {
      await trx.updateTable('payment_events').set({ outcome: `${outcome}: ${reason}`.slice(0, 500) }).where('id', '=', recorded.id).execute();
      return { outcome, reason, subscription };
    };

    if (!request.subscriptionId) return finish('unknown_subscription', 'names no purchase of ours', null);
    const row = await trx.selectFrom('subscriptions').selectAll().where('id', '=', request.subscriptionId).forUpdate().executeTakeFirst();
    if (!row) return finish('unknown_subscription', 'no such purchase', null);
    if (!request.signal) return finish('recorded', 'changes nothing', row);

    const cycle = cycleOfStored(row.product, row.tier);
    if (!cycle) return finish('unknown_subscription', `no plan ${row.product}/${row.tier}`, row);

    if (request.signal.kind === 'confirmed' && request.paid && row.amount_cents !== null) {
      if (request.paid.cents !== row.amount_cents || request.paid.currency.toUpperCase() !== (row.currency ?? 'USD')) {
        return finish('amount_mismatch', `paid ${request.paid.cents} ${request.paid.currency}, price ${row.amount_cents} ${row.currency}`, row);
      }
    }

    if (request.signal.kind === 'confirmed') {
      // One confirmation at a time per account: its lock row is taken for update. Two paid checkouts of one plan
      // confirmed together (two tabs, two webhooks at once) each read the other's period below only once it is
      // committed, so both periods count; read shared, both started "now" and a paid month was lost. An erasure
      // marking the row waits for this activation to commit (and then stops the plan), or this waits for the mark
      // and sees it: nothing starts for an erased account.
      await trx.insertInto('billing_accounts').values({ user_id: row.user_id }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
      const account = await trx.selectFrom('billing_accounts').select('erased_at').where('user_id', '=', row.user_id).forUpdate().executeTakeFirst();
      const starting = row.status === 'pending' || row.status === 'failed' || row.status === 'expired';
      if (starting && account?.erased_at) return finish('refused', ACCOUNT_ERASED_REASON, row);
    }

    let start = now;
    if (request.signal.kind === 'confirmed' && cycle !== 'lifetime') {
      const others = await trx
        .selectFrom('subscriptions')
        .select(['current_period_end'])
        .where('user_id', '=', row.user_id)
        .where('product', '=', row.product)
        .where('tier', '=', row.tier)
        .where('id', '!=', row.id)
        .where('status', 'in', ['active', 'cancelled'])
        .where('lifetime', '=', false)
        .execute();
      start = periodStart(now, others.map((o) => o.current_period_end));
    }

    const result = transition(stateOf(row), request.signal, { now, cycle, periodStart: start });
    if (!result.changed) return finish('unchanged', result.reason, row);
    const next = result.next;
    const updated = await trx
      .updateTable('subscriptions')
      .set({
        status: next.status,
        current_period_end: next.current_period_end,
        lifetime: next.lifetime,
        activated_at: next.activated_at,
        cancelled_at: next.cancelled_at,
        failure_reason: next.failure_reason,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return finish('applied', result.reason, updated);
  });
}
