// The run's PostgreSQL: the address of a database on the server, work done as its administrator, and a query in the
// run's own database.
import pg from 'pg';
import { ADMIN_URL, DATABASE } from './settings.ts';

export const databaseUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.href;
};

export async function admin<T>(work: (client: pg.Client) => Promise<T>, database = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
export const query = async (sql: string): Promise<Array<Record<string, unknown>>> => admin(async (client) => (await client.query(sql)).rows, databaseUrl(DATABASE));
