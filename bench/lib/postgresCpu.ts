import pg from 'pg';
import { cpuMsOf } from './processCpu';

/**
 * The CPU time of the PostgreSQL server's processes that serve one database (its client backends, found in
 * pg_stat_activity), read from /proc like the other processes of a benchmark. The server's shared background
 * processes (WAL writer, checkpointer) and other databases' backends (other work on the machine) are left out.
 */
export async function postgresCpuOf(adminUrl: string, database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      [database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = cpuMsOf(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/**
 * CPU ms the database's backends used between two readings: a backend seen at both counts its difference, one
 * that appeared meanwhile all it used (a backend that ended meanwhile is lost: the pools keep theirs open).
 */
export function postgresCpuBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}
