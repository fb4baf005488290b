// Identity's housekeeping: deletes the rows that have ended and are never read again, so tables that grow with
// every request (a sign-in failure, a refresh, a link request, a sign-up) stay the size of what is live.
// - login_failures: windows that ended (a credential-stuffing run leaves one row per account and address tried);
// - refresh_tokens: sign-in families whose head (the token not yet exchanged) expired a day ago (a row a refresh);
// - link_request_counts, account_links, signups_per_address: windows and links of yesterday and before.
// Each table is emptied in batches of `batch` rows, at most `maxBatches` a run, so one run never holds a long lock;
// what is left waits for the next run. Runs in every replica: each delete is idempotent, and two replicas at once
// only find fewer rows. Before, the last three tables were trimmed by 1 % of requests, unbatched, on the request's
// own connection; now no request pays for it.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { repeatingJob } from '@keisha/service-kit';
import type { IdentityDatabase } from '../db/database.ts';
import { accountLinksRepository } from '../db/repositories/account-links.ts';
import { linkRequestsRepository } from '../db/repositories/link-requests.ts';
import { loginFailuresRepository } from '../db/repositories/login-failures.ts';
import { refreshTokensRepository } from '../db/repositories/refresh-tokens.ts';
import { signupsRepository } from '../db/repositories/signups.ts';

export interface HousekeepingPolicy {
  /** How long a sign-in failure window lasts; a row is deleted a day after its window ended. */
  loginFailureWindowMs: number;
  everyMs: number;
  timer: boolean;
  batch?: number;
  maxBatches?: number;
}

/** Rows deleted in one run, by table. */
export type HousekeepingCounts = Record<'login_failures' | 'refresh_tokens' | 'link_request_counts' | 'account_links' | 'signups_per_address', number>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function createHousekeeping(db: Kysely<IdentityDatabase>, policy: HousekeepingPolicy, log: FastifyBaseLogger) {
  const batch = policy.batch ?? 1000;
  const maxBatches = policy.maxBatches ?? 20;
  const failures = loginFailuresRepository(db);
  const tokens = refreshTokensRepository(db);
  const requests = linkRequestsRepository(db);
  const links = accountLinksRepository(db);
  const signups = signupsRepository(db);

  async function drain(deleteBatch: () => Promise<number>): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await deleteBatch();
      deleted += n;
      if (n < batch) break;
    }
    return deleted;
  }

  /** One pass over every table; what it deleted. */
  async function runOnce(now = new Date()): Promise<HousekeepingCounts> {
    const counts: HousekeepingCounts = {
      login_failures: await drain(() => failures.forgetEnded(policy.loginFailureWindowMs + DAY_MS, batch)),
      // A family's rows go together: a batch is `batch` families, at least as many rows, so a short batch still ends it.
      refresh_tokens: await drain(() => tokens.forgetExpiredFamilies(new Date(now.getTime() - DAY_MS), batch)),
      link_request_counts: await drain(() => requests.forgetOld(batch)),
      account_links: await drain(() => links.forgetOld(batch)),
      signups_per_address: await drain(() => signups.forgetOld(batch)),
    };
    if (Object.values(counts).some((n) => n > 0)) log.info({ deleted: counts }, 'housekeeping: ended rows deleted');
    return counts;
  }

  const job = repeatingJob('housekeeping', runOnce, { everyMs: policy.everyMs, log, enabled: policy.timer, firstAfterMs: Math.min(60_000, policy.everyMs) });
  return { runOnce, start: job.start, stop: job.stop };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;
