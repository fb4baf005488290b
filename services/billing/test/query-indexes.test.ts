// The reads that used to scan a whole table find their rows through an index (migrations 2026120501-03). Each
// statement is the one the code runs, compiled from the same function, and its plan is read with whole-table reads
// priced out (enable_seqscan off). Each test names the index it expects: barred from a Seq Scan, the planner may
// instead walk another index from end to end (payment_events_subscription_idx for the sales, the provider/status index
// for the Gold list), which reads as much. A change to a query that its index no longer serves (another outcome in the
// sales figures, `email` instead of `lower(email)`) fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase, planOf, type TestDatabase } from '@keisha/service-kit/testing';
import type { BillingDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { demoRequestsQuery } from '../src/db/repositories/account-export.ts';
import { goldReadersQuery } from '../src/db/repositories/subscriptions.ts';
import { salesPeriod } from '../src/domain/sales.ts';
import { deleteDemoRequestsQuery } from '../src/payments/erasure.ts';
import { saleRowsQuery } from '../src/routes/admin-sales/index.ts';
import { demoRequestsPageQuery } from '../src/routes/demo-requests/index.ts';

const targets = await databaseTargets();

describe.each(targets)('indexes of billing reads on $kind', (target) => {
  let database: TestDatabase<BillingDatabase>;
  beforeAll(async () => {
    database = await openTestDatabase<BillingDatabase>(target, migrations);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it.each([
    [7, 'UTC'],
    [90, 'Pacific/Kiritimati'],
  ])('the admin sales figures of %i days (%s) read payment events through the partial index on received_at', async (days, timeZone) => {
    const query = saleRowsQuery(salesPeriod(new Date(), days, timeZone), timeZone).compile(database.db);
    const plan = await planOf(database.db, query);
    expect(plan).toMatch(/payment_events_sales_idx/);
    expect(plan).not.toMatch(/Seq Scan on payment_events/);
  });

  it.each([[['reader@example.org']], [['reader@example.org', 'other.address@example.com']]])(
    "an erasure deletes the account's demo requests (%j) through the index on lower(email)",
    async (addresses) => {
      const plan = await planOf(database.db, deleteDemoRequestsQuery(database.db, addresses).compile());
      expect(plan).toMatch(/enterprise_demo_requests_lower_email_idx/);
      expect(plan).not.toMatch(/Seq Scan on enterprise_demo_requests/);
    },
  );

  it("an export lists the account's demo requests through the index on lower(email)", async () => {
    const plan = await planOf(database.db, demoRequestsQuery(database.db, ['reader@example.org', 'other.address@example.com']).compile());
    expect(plan).toMatch(/enterprise_demo_requests_lower_email_idx/);
    expect(plan).not.toMatch(/Seq Scan on enterprise_demo_requests/);
  });

  it("Chat Gold's early-access list finds the active Gold purchases through the (product, tier, status) index", async () => {
    const plan = await planOf(database.db, goldReadersQuery(database.db, 5_000).compile());
    expect(plan).toMatch(/subscriptions_product_tier_status_idx/);
    expect(plan).not.toMatch(/Seq Scan on subscriptions/);
  });

  it("the console's demo requests, newest first, are read a page at a time through the (created_at desc, id) index", async () => {
    const plan = await planOf(database.db, demoRequestsPageQuery(database.db, 3, 50).compile());
    expect(plan).toMatch(/enterprise_demo_requests_newest/);
    expect(plan).not.toMatch(/Sort/);
  });
});
