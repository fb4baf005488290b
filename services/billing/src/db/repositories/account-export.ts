// What billing holds about one account, for the reader's own copy ("Download your data"; docs/billing.md,
// "Exporting an account"). identity asks for it over the internal export route and puts it in the reader's file.
// Every table that names the account is read, the same ones the erasure clears, in one transaction so the
// purchases, their events and the plan they give agree with each other.
//
// Columns are named one by one, never selectAll: a column added to a table later stays out of the reader's file
// until someone decides it belongs there. Never exported: payment_events.event_id (the key a repeated webhook is
// recognised by: a provider's delivery id or our own idempotency key, nothing a reader can use), the feed's
// positions, billing_secrets, the administrator's id on an event or on a refund mark, and the providers' keys
// (those live in the configuration, not in these tables).
import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../database.ts';
import { entitlementOf } from '../../domain/entitlements.ts';
import { planName } from '../../domain/plan-cover.ts';
import { addressesPaidWith } from './subscriptions.ts';

/** Each kind of record, in the order the file lists them. */
export const ACCOUNT_EXPORT_KINDS = ['account', 'current_plan', 'purchases', 'payment_events', 'paypal_sandbox_subscriptions', 'demo_requests'] as const;
export type AccountExportKind = (typeof ACCOUNT_EXPORT_KINDS)[number];
export type AccountExportRow = Record<string, unknown>;
export type AccountExportData = Record<AccountExportKind, AccountExportRow[]>;

/** Who did what an event records, as the reader should read it (an administrator's own id is theirs, not the reader's). */
export type EventActor = 'you' | 'an administrator' | 'billing' | 'the provider';

/** The prefix of billing's own actors (`billing:erasure`, `billing:upgrade`). */
const BILLING_ACTOR = 'billing:';

/** Dates as ISO strings, whichever driver read them (PGlite and node-postgres differ for some expressions). */
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function actorOf(actor: string | null, userId: string): EventActor {
  if (actor === null) return 'the provider';
  if (actor.toLowerCase() === userId) return 'you';
  return actor.startsWith(BILLING_ACTOR) ? 'billing' : 'an administrator';
}

/**
 * The demo requests under `addresses` (addressesPaidWith's, lower-cased), oldest first: the ones the erasure deletes
 * (deleteDemoRequestsQuery). The expression index on lower(email) (migration 2026120502) serves it.
 */
export function demoRequestsQuery(db: Kysely<BillingDatabase>, addresses: readonly string[]) {
  return db
    .selectFrom('enterprise_demo_requests')
    .select(['id', 'email', 'created_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', addresses))
    .orderBy('created_at')
    .orderBy('id');
}

export function accountExportRepository(db: Kysely<BillingDatabase>) {
  return {
    /**
     * Everything billing holds about `accountId`, oldest first in each kind. An account billing never saw answers
     * an empty list for every kind. `now` dates the plan summary.
     */
    async exportAccount(accountId: string, now: Date = new Date()): Promise<AccountExportData> {
      const userId = accountId.toLowerCase();
      // Repeatable read: every statement sees the same snapshot, so an event is never listed without its purchase.
      // (PGlite has one connection and runs one transaction at a time, which gives the same.)
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const account = await trx.selectFrom('billing_accounts').select(['user_id', 'created_at', 'erased_at']).where('user_id', '=', userId).executeTakeFirst();
          const purchases = await trx
            .selectFrom('subscriptions')
            .select([
              'id',
              'product',
              'tier',
              'status',
              'lifetime',
              'amount_cents',
              'currency',
              'provider',
              'payment_method',
              'provider_ref',
              'email',
              'checkout_url',
              'return_url',
              'cancel_url',
              'failure_reason',
              'current_period_end',
              'activated_at',
              'cancelled_at',
              'created_at',
              'updated_at',
            ])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .orderBy('id')
            .execute();
          const events = await trx
            .selectFrom('payment_events as e')
            .innerJoin('subscriptions as s', 's.id', 'e.subscription_id')
            .select(['e.id', 'e.subscription_id', 'e.provider', 'e.event_type', 'e.outcome', 'e.resource_ref', 'e.actor', 'e.received_at'])
            .where('s.user_id', '=', userId)
            .orderBy('e.received_at')
            .orderBy('e.id')
            .execute();
          const sandbox = await trx
            .selectFrom('paypal_sandbox_subscriptions')
            .select(['id', 'plan_id', 'status', 'subscriber_email', 'next_billing_time', 'created_at', 'updated_at'])
            .where('custom_id', '=', userId)
            .orderBy('created_at')
            .orderBy('id')
            .execute();
          const addresses = await addressesPaidWith(trx, userId);
          const demoRequests = addresses.length
            ? await demoRequestsQuery(trx, addresses).execute()
            : [];

          const known = account !== undefined || purchases.length > 0;
          // An erased account has no plan, whatever its records say was paid (the entitlement routes' notErased).
          const plan = entitlementOf(account?.erased_at ? [] : purchases, now);
          return {
            account: account ? [{ account_id: account.user_id, created_at: iso(account.created_at), erased_at: iso(account.erased_at) }] : [],
            current_plan: known ? [{ ...plan, as_of: now.toISOString() }] : [],
            purchases: purchases.map((row) => ({
              id: row.id,
              plan_name: planName(row.product, row.tier),
              product: row.product,
              tier: row.tier,
              status: row.status,
              lifetime: row.lifetime,
              amount_cents: row.amount_cents,
              currency: row.currency,
              provider: row.provider,
              payment_method: row.payment_method,
              provider_ref: row.provider_ref,
              email: row.email,
              checkout_url: row.checkout_url,
              return_url: row.return_url,
              cancel_url: row.cancel_url,
              failure_reason: row.failure_reason,
              current_period_end: iso(row.current_period_end),
              activated_at: iso(row.activated_at),
              cancelled_at: iso(row.cancelled_at),
              created_at: iso(row.created_at),
              updated_at: iso(row.updated_at),
            })),
            payment_events: events.map((row) => ({
              id: row.id,
              purchase_id: row.subscription_id,
              source: row.provider,
              event_type: row.event_type,
              outcome: row.outcome,
              reference: row.resource_ref,
              by: actorOf(row.actor, userId),
              received_at: iso(row.received_at),
            })),
            paypal_sandbox_subscriptions: sandbox.map((row) => ({
              id: row.id,
              plan_id: row.plan_id,
              status: row.status,
              subscriber_email: row.subscriber_email,
              next_billing_time: iso(row.next_billing_time),
              created_at: iso(row.created_at),
              updated_at: iso(row.updated_at),
            })),
            demo_requests: demoRequests.map((row) => ({ id: row.id, email: row.email, created_at: iso(row.created_at) })),
          };
        });
    },
  };
}

export type AccountExportRepository = ReturnType<typeof accountExportRepository>;
