// Erasing a deleted account everywhere (docs/identity.md, "Deleting an account"). identity deletes its own rows at
// once; the decoder, the chat and billing each hold data of the account that only they can erase. So the deletion
// writes one `account_erasures` row per service in its own transaction, and this job calls each service's internal
// erasure route (internal token) until it has answered:
//
// - A service that is down, slow or refusing (billing with PayPal unreachable answers 503) is asked again later,
//   doubling the wait up to `retryMaxMs`. Nothing is lost while it is down: the row stays until it answers.
// - Each service is asked twice: at once, and again `settleMs` later. A request the account sent just before the
//   deletion (its sessions are refused everywhere within about a second) may still write after the first pass;
//   the second pass erases that. The routes are idempotent, so a replay costs nothing.
// - Every replica runs the job. A claim moves the row's next attempt past a lease under SKIP LOCKED, so two
//   replicas never ask about the same row at once, and a replica that dies mid-call leaves the row to the next.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { internalAccountErasurePath as decoderPath } from '@keisha/contracts/decoder';
import { internalAccountErasurePath as chatPath } from '@keisha/contracts/chat';
import { internalAccountErasurePath as billingPath } from '@keisha/contracts/billing';
import { accountErasureResponse } from '@keisha/contracts/schemas';
import { type Counter, INTERNAL_TOKEN_HEADER, repeatingJob, tracedFetch } from '@keisha/service-kit';
import type { AccountErasuresTable, IdentityDatabase } from '../db/database.ts';
import { retryDelayMs } from '../mail/backoff.ts';

export type ErasingService = AccountErasuresTable['service'];
export const ERASING_SERVICES: readonly ErasingService[] = ['decoder', 'chat', 'billing'];
const PATHS: Record<ErasingService, (userId: string) => string> = { decoder: decoderPath, chat: chatPath, billing: billingPath };
/** Passes per service: at once, and once more after `settleMs`. */
export const ERASURE_PASSES = 2;

export interface ErasurePolicy {
  urls: Record<ErasingService, string>;
  pollMs: number;
  /** How long after the first pass the second one runs. */
  settleMs: number;
  /** How long a claimed row is left to the replica that claimed it. */
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  timeoutMs?: number;
  /** Rows claimed at once. */
  batch?: number;
  /** The timer runs only when true (ERASURE_ENABLED). */
  timer: boolean;
}

export interface ErasureDeps {
  db: Kysely<IdentityDatabase>;
  /** Counts each call by service and outcome ('erased', 'failed'): a service that keeps failing shows on the dashboard. */
  calls?: Counter<'service' | 'outcome'>;
  internalToken: () => string | undefined;
  log: FastifyBaseLogger;
}

export interface ErasureRun {
  /** Calls a service answered. */
  answered: number;
  /** Rows finished by this run (every pass answered). */
  finished: number;
  /** Calls that failed (asked again later). */
  failed: number;
}

export function createErasure(deps: ErasureDeps, policy: ErasurePolicy) {
  const { db, log } = deps;
  const timeoutMs = policy.timeoutMs ?? 10_000;
  const batch = policy.batch ?? 50;

  /** Writes the account's erasures, in the transaction that deletes it. */
  async function queue(userId: string, trx: Transaction<IdentityDatabase>): Promise<void> {
    await trx
      .insertInto('account_erasures')
      .values(ERASING_SERVICES.map((service) => ({ user_id: userId, service })))
      .onConflict((oc) => oc.columns(['user_id', 'service']).doNothing())
      .execute();
  }

  async function claim() {
    const lease = `${policy.leaseMs} milliseconds`;
    const { rows } = await sql<{ user_id: string; service: ErasingService; passes: number; attempts: number }>`
      with due as (
        select user_id, service from account_erasures
        where done_at is null and next_attempt_at <= now()
        order by next_attempt_at limit ${batch}
        for update skip locked
      )
      update account_erasures e set next_attempt_at = now() + ${lease}::interval, attempts = e.attempts + 1
      from due where e.user_id = due.user_id and e.service = due.service
      returning e.user_id, e.service, e.passes, e.attempts`.execute(db);
    return rows;
  }

  async function ask(service: ErasingService, userId: string): Promise<Record<string, number>> {
    const token = deps.internalToken();
    if (!token) throw new Error('no internal token to ask the services with');
    const response = await tracedFetch(
      new URL(PATHS[service](userId), policy.urls[service]),
      { method: 'DELETE', headers: { [INTERNAL_TOKEN_HEADER]: token }, signal: AbortSignal.timeout(timeoutMs) },
      { route: `/internal/${service}/accounts/:user_id` },
    );
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    if (!response.ok) throw new Error(`${service} answered ${response.status}${body?.error?.code ? ` ${body.error.code}: ${body.error.message ?? ''}` : ''}`);
    return accountErasureResponse.parse(body).erased;
  }

  async function runOnce(): Promise<ErasureRun> {
    const run: ErasureRun = { answered: 0, finished: 0, failed: 0 };
    const rows = await claim();
    await Promise.all(
      rows.map(async (row) => {
        const update = () => db.updateTable('account_erasures').where('user_id', '=', row.user_id).where('service', '=', row.service);
        try {
          const erased = await ask(row.service, row.user_id);
          run.answered += 1;
          deps.calls?.inc({ service: row.service, outcome: 'erased' });
          const passes = row.passes + 1;
          const done = passes >= ERASURE_PASSES;
          if (done) run.finished += 1;
          await update()
            .set({
              passes,
              attempts: 0,
              last_error: null,
              done_at: done ? sql`now()` : null,
              next_attempt_at: done ? sql`now()` : sql`now() + ${`${policy.settleMs} milliseconds`}::interval`,
            })
            .execute();
          log.info({ userId: row.user_id, service: row.service, pass: passes, erased }, 'account erasure: the service erased the account');
        } catch (error) {
          run.failed += 1;
          deps.calls?.inc({ service: row.service, outcome: 'failed' });
          const waitMs = retryDelayMs(row.attempts, policy.retryBaseMs, policy.retryMaxMs);
          await update()
            .set({ last_error: String((error as Error).message ?? error).slice(0, 500), next_attempt_at: sql`now() + ${`${waitMs} milliseconds`}::interval` })
            .execute();
          log.warn({ err: error, userId: row.user_id, service: row.service, retryInMs: waitMs }, 'account erasure: the service could not erase the account yet; asking again later');
        }
      }),
    );
    return run;
  }

  /** The rows not finished yet, oldest first (the operator's view, and the tests'). */
  function pending() {
    return db.selectFrom('account_erasures').selectAll().where('done_at', 'is', null).orderBy('requested_at').execute();
  }

  const job = repeatingJob('account erasure', runOnce, { everyMs: policy.pollMs, log, enabled: policy.timer, firstAfterMs: Math.min(1000, policy.pollMs) });
  return { queue, runOnce, pending, start: job.start, stop: job.stop, nudge: job.nudge };
}
export type Erasure = ReturnType<typeof createErasure>;
