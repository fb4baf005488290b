import { sql, type Kysely } from 'kysely';

// The admin charts count events per day and event, and browser sessions per event, over up to 90 days.
// The session id is lifted out of the properties into a column (generated, so every writer fills it), and
// one index on (created_at, event) carrying it answers the whole aggregate without reading the rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('analytics_events')
    .addColumn('session_id', 'text', (c) => c.generatedAlwaysAs(sql`properties->>'session_id'`).stored())
    .execute();
  await sql`create index analytics_events_created_event on analytics_events (created_at, event) include (session_id)`.execute(db);

  await db.schema
    .createTable('client_errors')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('client_errors_created').on('client_errors').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('client_errors').execute();
  await db.schema.dropIndex('analytics_events_created_event').execute();
  await db.schema.alterTable('analytics_events').dropColumn('session_id').execute();
}
