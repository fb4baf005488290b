import type { Kysely } from 'kysely';

// Receipts (src/receipts): how far identity has read billing's purchase-event feed, and the lease that lets one
// replica at a time read it. One row per feed ('billing'); the cursor moves in the transaction that queues each
// message, so a message is queued exactly when the cursor passes its event.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feed_cursors')
    .addColumn('feed', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'text')
    .addColumn('locked_until', 'timestamptz')
    // Counts the claims: the lease's fencing token (a replica whose lease was taken over moves nothing).
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feed_cursors').execute();
}
