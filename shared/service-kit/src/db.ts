import { mkdirSync } from 'node:fs';
import { CompiledQuery, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PostgreSQL schema to keep this service's tables in (created if missing). */
  schema?: string;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string;
  /** An already created PGlite (tests share one per process; creating one takes seconds). */
  pglite?: PGlite;
  /** Maximum pool size on PostgreSQL. */
  poolSize?: number;
  /** Connections kept open while idle on PostgreSQL (default 2, at most poolSize). */
  poolMin?: number;
  /** Told when the server ends an idle pooled connection (a restart, a failover); the pool opens a new one when needed. */
  onConnectionLost?: (error: Error) => void;
}

export interface DatabaseHandle<DB> {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** The PostgreSQL schema the tables live in (undefined: the default, `public`). */
  schema?: string;
  /** PostgreSQL pool use, read by the metrics at each scrape (PGlite has no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /** Runs a trivial query: what /health/ready checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const PREPARED_MARK = '/* prepared */ ';

/**
 * Marks a statement of fixed text (its values all parameters) to be prepared once per pooled
 * PostgreSQL connection and then only bound and executed: the server parses and plans it once instead
 * of at every call. Use it for the hot statements run many times a second (the decoder's group commit:
 * its database CPU per write fell by a third, `bench:decoder -- --writes-only`). Run it as
 * `CompiledQuery.raw(text, parameters)`; on PGlite the mark is only a comment.
 */
export function preparedStatement(text: string): string {
  return PREPARED_MARK + text;
}

/**
 * Runs a statement that takes a batch as one array per column (`unnest($1::uuid[], $2::text[], ...)`): each
 * of `columns` picks one column's value from a row of the batch (and its index), in the statement's
 * parameter order; `more` are the parameters after the columns. Resolves to the statement's rows.
 */
export async function queryColumns<R, T>(
  db: Kysely<any>,
  statement: string,
  batch: readonly T[],
  columns: ReadonlyArray<(row: T, i: number) => unknown>,
  more: readonly unknown[] = [],
): Promise<R[]> {
  const { rows } = await db.executeQuery<R>(CompiledQuery.raw(statement, [...columns.map((pick) => batch.map(pick)), ...more]));
  return rows;
}

/**
 * The pool's client: a query whose text carries the mark goes as a named statement (the name derived from
 * its text, so two statements can never share one). Every other query goes as before, unnamed.
 */
class PreparingClient extends pg.Client {
  static names = new Map<string, string>();

  override query(...args: unknown[]): any {
    const [text, values] = args;
    if (typeof text === 'string' && text.startsWith(PREPARED_MARK) && (values === undefined || Array.isArray(values)) && args.length <= 2) {
      let name = PreparingClient.names.get(text);
      if (name === undefined) {
        name = `keisha_${PreparingClient.names.size + 1}`;
        PreparingClient.names.set(text, name);
      }
      return super.query({ name, text, values: values as unknown[] | undefined });
    }
    return (super.query as (...rest: unknown[]) => unknown)(...args);
  }
}

export async function openDatabase<DB>(options: DatabaseOptions): Promise<DatabaseHandle<DB>> {
  if (options.url) {
    if (options.schema && !SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name: ${options.schema}`);
    if (options.schema) {
      // Create the schema with a short-lived client, then point every pooled connection at it.
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      } finally {
        await client.end();
      }
    }
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.url,
      max,
      // Two connections stay open when the service is idle (the rest close after pg's 10 s): the first
      // request after a pause would otherwise wait for a new connection (10-15 ms measured here).
      min: Math.min(options.poolMin ?? 2, max),
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // Without listeners, pg throws a connection's error (the server restarting) out of the process: each
    // client's own (a checked-out one, between a transaction's queries), and the pool's, which repeats
    // an idle client's error (already told by the client's listener).
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionLost?.(error)));
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      schema: options.schema,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  let pglite = options.pglite;
  const owned = !pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create(options.dataDir ?? 'memory://');
  }
  const instance = pglite;
  const db = new Kysely<DB>({
    dialect: new PGliteDialect({ pglite: instance }),
  });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await sql`select 1`.execute(db)),
    close: async () => {
      // Kysely's PGlite driver closes the instance on destroy; a shared (test) instance must stay open.
      if (owned) await db.destroy();
    },
  };
}
