// Identity's housekeeping on both databases: rows that have ended (sign-in failure windows, wholly expired sign-in
// families, old link windows, expired links, yesterday's sign-up counts) are deleted in batches, and everything
// still read is kept: a family with one token in date keeps its rotated tokens, so a replay still ends it. Then the
// queries it runs, and the per-address clear of an unlock, are each served by an index (the plan names it), and a
// running identity does it by itself.
import { describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { databaseTargets, planOf, recordingQueries } from '@keisha/service-kit/testing';
import { loginFailuresRepository } from '../src/db/repositories/login-failures.ts';
import { usersRepository } from '../src/db/repositories/users.ts';
import { createHousekeeping } from '../src/housekeeping/housekeeping.ts';
import { fromGrant, identityAppsForSuite, signUp } from './helpers.ts';
import { waitFor } from './smtp.ts';

const targets = await databaseTargets();
const DAY = 24 * 60 * 60 * 1000;
const WINDOW = 15 * 60_000;
const silent = { info() {}, warn() {}, error() {} } as never;
const ago = (ms: number) => new Date(Date.now() - ms);
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe.each(targets)('housekeeping on $kind', (target) => {
  const base = identityAppsForSuite(target);
  const db = () => base.database.db;
  const housekeeping = (batch = 1000, maxBatches = 20) => createHousekeeping(db(), { loginFailureWindowMs: WINDOW, everyMs: 60_000, timer: false, batch, maxBatches }, silent);
  const subjects = async (table: 'login_failures' | 'link_request_counts') => (await db().selectFrom(table).select('subject').orderBy('subject').execute()).map((r) => r.subject);

  async function failure(subject: string, startedMsAgo: number) {
    await db().insertInto('login_failures').values({ subject, window_started_at: ago(startedMsAgo), failures: 3 }).execute();
  }

  it('deletes failure windows that ended a day ago, in batches, and keeps the rest', async () => {
    await base.start(); // migrations
    for (let i = 0; i < 5; i++) await failure(`pair:old${i}@example.org|198.51.100.${i}`, WINDOW + DAY + 60_000 + i);
    await failure('account:recent@example.org', WINDOW + DAY - 60_000); // ended less than a day ago
    await failure('pair:live@example.org|198.51.100.9', 60_000);

    const counts = await housekeeping(2, 2).runOnce();
    expect(counts.login_failures).toBe(4); // two batches of two: the fifth waits for the next run
    expect((await housekeeping(2, 2).runOnce()).login_failures).toBe(1);
    expect(await subjects('login_failures')).toEqual(['account:recent@example.org', 'pair:live@example.org|198.51.100.9']);
  });

  it('deletes link windows, links and sign-up counts of yesterday and before, and keeps today’s', async () => {
    const { app } = await base.start();
    const reader = await signUp(app, 'links@example.org');
    await db()
      .insertInto('link_request_counts')
      .values([
        { subject: 'links:address:old', window_started_at: ago(DAY + 60_000), used: 3 },
        { subject: 'links:address:new', window_started_at: ago(60_000), used: 1 },
      ])
      .execute();
    const link = (token_hash: string, expiresMsAgo: number) => ({ token_hash, purpose: 'password-reset' as const, user_id: reader.user.id, email: 'links@example.org', expires_at: ago(expiresMsAgo) });
    await db().insertInto('account_links').values([link('expired-long-ago', DAY + 60_000), link('expired-just-now', 60_000), link('open', -30 * 60_000)]).execute();
    await db().deleteFrom('signups_per_address').execute();
    await db()
      .insertInto('signups_per_address')
      .values([
        { address: '203.0.113.1', day: utcDay(-2), used: 4 },
        { address: '203.0.113.1', day: utcDay(-1), used: 2 },
        { address: '203.0.113.1', day: utcDay(0), used: 1 },
      ])
      .execute();

    const counts = await housekeeping().runOnce();
    expect(counts).toMatchObject({ link_request_counts: 1, account_links: 1, signups_per_address: 2 });
    expect(await subjects('link_request_counts')).toEqual(['links:address:new']);
    expect((await db().selectFrom('account_links').select('token_hash').orderBy('token_hash').execute()).map((r) => r.token_hash)).toEqual(['expired-just-now', 'open']);
    expect(await db().selectFrom('signups_per_address').select(['address', 'day', 'used']).execute()).toHaveLength(1);
  });

  it('deletes a sign-in family only when its every token expired a day ago; a live family still ends on a replay', async () => {
    const { app } = await base.start();
    const refresh = (cookie: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {}, cookies: { keisha_refresh: cookie } });
    const gone = await signUp(app, 'gone@example.org');
    const kept = await signUp(app, 'kept@example.org');
    const rotated = fromGrant(await refresh(kept.cookie));
    // The first family wholly expired two days ago; the second's first token did too, but its rotated one is in date.
    await db().updateTable('refresh_tokens').set({ expires_at: ago(2 * DAY) }).where('user_id', '=', gone.user.id).execute();
    await db().updateTable('refresh_tokens').set({ expires_at: ago(2 * DAY) }).where('user_id', '=', kept.user.id).where('used_at', 'is not', null).execute();
    const keptRows = await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', kept.user.id).execute();
    expect(keptRows).toHaveLength(2);

    expect((await housekeeping().runOnce()).refresh_tokens).toBe(1);
    expect(await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', gone.user.id).execute()).toEqual([]);
    expect(await db().selectFrom('refresh_tokens').select('id').where('user_id', '=', kept.user.id).execute()).toHaveLength(2);

    expect((await refresh(gone.cookie)).statusCode).toBe(401); // a deleted token is refused like an expired one
    expect((await refresh(kept.cookie)).statusCode).toBe(401); // the replay of the rotated token...
    expect((await refresh(rotated.cookie)).statusCode).toBe(401); // ...still ends the family
  });

  it('clears an account’s failures from every address, and only that account’s, whatever its address holds', async () => {
    await base.start();
    const failures = loginFailuresRepository(db());
    for (const subject of ['account:a_b@example.org', 'pair:a_b@example.org|198.51.100.1', 'pair:a_b@example.org|2001:db8::1', 'pair:axb@example.org|198.51.100.1', 'account:axb@example.org', 'pair:a_b@example.org.evil|198.51.100.1']) {
      await failure(subject, 60_000);
    }
    await failures.clearAccount('a_b@example.org');
    expect(await subjects('login_failures')).toEqual(['account:axb@example.org', 'pair:a_b@example.org.evil|198.51.100.1', 'pair:axb@example.org|198.51.100.1']);
  });

  it('reads every table it cleans, the unlock’s clear and the console’s account list through an index', async () => {
    await base.start();
    const { db: watched, seen } = recordingQueries(db());
    await createHousekeeping(watched, { loginFailureWindowMs: WINDOW, everyMs: 60_000, timer: false }, silent).runOnce();
    await loginFailuresRepository(watched).clearAccount('a_b@example.org');
    await usersRepository(watched).search(undefined, 1, 50);
    const statement = (pattern: RegExp) => {
      const found = seen.find((q) => pattern.test(q.sql));
      if (!found) throw new Error(`no statement matched ${pattern}: ${seen.map((q) => q.sql).join('\n')}`);
      return found;
    };
    const expected: Array<[RegExp, RegExp]> = [
      [/^delete from "login_failures" where "subject" in/, /login_failures_window/],
      [/^delete from "refresh_tokens"/, /refresh_tokens_head_expires/],
      [/^delete from "link_request_counts"/, /link_request_counts_window/],
      [/^delete from "account_links"/, /account_links_expires/],
      [/^delete from "signups_per_address"/, /signups_per_address_day/],
      [/^delete from "login_failures" where \(/, /Index Cond: \(\(subject ~?>=~? 'pair:a_b@example\.org\|'/],
      [/^select \* from "users" order by "created_at" desc/, /users_newest/],
    ];
    for (const [query, index] of expected) expect(await planOf(db(), statement(query))).toMatch(index);
    // The foreign-key check of every account deletion (ON DELETE SET NULL), as PostgreSQL runs it.
    const answeredBy = CompiledQuery.raw('select 1 from support_requests where answered_by = $1', ['00000000-0000-4000-8000-000000000000']);
    expect(await planOf(db(), answeredBy)).toMatch(/support_requests_answered_by/);
  });

  it('runs by itself in a running identity', async () => {
    await base.start();
    await failure('pair:stale@example.org|198.51.100.1', WINDOW + DAY + 60_000);
    await failure('pair:fresh@example.org|198.51.100.1', 60_000);
    await base.start({ HOUSEKEEPING_ENABLED: 'true', HOUSEKEEPING_POLL_MS: '100', LOGIN_FAILURE_WINDOW_MINUTES: '15' });
    await waitFor(async () => !(await subjects('login_failures')).includes('pair:stale@example.org|198.51.100.1'), 10_000, 'the ended window deleted');
    expect(await subjects('login_failures')).toEqual(['pair:fresh@example.org|198.51.100.1']);
  });
});
