// The retention sweep's delete of the addresses' past days finds its rows through the index on `day` (migration
// 2026120501_analytics_address_days_day), not by reading every address's row of today and yesterday. The statement is
// the one the sweep runs, compiled from the same function, and its plan is read with whole-table reads priced out
// (enable_seqscan off). The test names the index it expects: without it the planner, barred from a Seq Scan, reads the
// whole primary key (subject, day) instead, which is no better.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase, planOf, type TestDatabase } from '@keisha/service-kit/testing';
import type { DecoderDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { deleteStaleAddressDaysQuery } from '../src/db/repositories/analytics.ts';

const targets = await databaseTargets();

describe.each(targets)('indexes of decoder sweeps on $kind', (target) => {
  let database: TestDatabase<DecoderDatabase>;
  beforeAll(async () => {
    database = await openTestDatabase<DecoderDatabase>(target, migrations);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("the sweep deletes the addresses' shares of past days through the index on day", async () => {
    const plan = await planOf(database.db, deleteStaleAddressDaysQuery(database.db).compile());
    expect(plan).toMatch(/\banalytics_address_days_day\b/);
    expect(plan).not.toMatch(/Seq Scan on analytics_address_days/);
  });
});
