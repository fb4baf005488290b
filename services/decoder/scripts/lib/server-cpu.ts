// The CPU time PostgreSQL's server processes spend on a database, read from /proc (Linux, the server on
// this machine): the benches print it per analysis beside the decoder's own, since the two share the cores.
import { readFileSync } from 'node:fs';
import pg from 'pg';

function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s ticks
  } catch {
    return undefined;
  }
}

/**
 * Starts counting; the function returned gives the milliseconds of CPU the database's server processes
 * used since (one that started meanwhile counts whole; one that ended meanwhile is missed), or undefined
 * where /proc does not show them, and closes its connection.
 */
export async function countDatabaseServerCpu(url: string): Promise<() => Promise<number | undefined>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const backends = async () => {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
  };
  const before = await backends();
  return async () => {
    try {
      const after = await backends();
      let used = 0;
      for (const [pid, ms] of after) {
        if (ms === undefined) return undefined;
        used += ms - (before.get(pid) ?? 0);
      }
      return used;
    } finally {
      await client.end();
    }
  };
}
