import type { MeasuredRun } from './paymentLoad';
import { postgresCpuBetween, postgresCpuOf } from './postgresCpu';
import { measureCpu } from './processCpu';
import { type LoadRequest, runLoad } from './runLoad';
import { median } from './stats';

/** The benchmark's own PostgreSQL database: the server to ask (`adminUrl`) and the database's name. */
export interface BenchDatabase {
  adminUrl: string;
  name: string;
}

/** The URL of the benchmark's database, for a backend's DATABASE_URL. */
export function databaseUrlOf(db: BenchDatabase): string {
  return Object.assign(new URL(db.adminUrl), { pathname: `/${db.name}` }).toString();
}

/**
 * One timed run at `url` with the CPU time of `pids` (and of this process, the load generator) and, given `db`,
 * of the PostgreSQL backends serving that database (`cpuMs.postgres`).
 */
export async function timedRun(
  url: string,
  pids: Readonly<Record<string, number>>,
  next: () => LoadRequest,
  amount: number,
  connections: number,
  db?: BenchDatabase,
): Promise<MeasuredRun> {
  const before = db ? await postgresCpuOf(db.adminUrl, db.name) : undefined;
  const { result, cpuMs } = await measureCpu({ ...pids, 'load generator': process.pid }, () =>
    runLoad({ url, connections, amount, next }),
  );
  if (db && before) cpuMs.postgres = postgresCpuBetween(before, await postgresCpuOf(db.adminUrl, db.name));
  return { ...result, cpuMs };
}

/** The median over runs of `pick(run)`, leaving out runs where it is undefined; undefined when none has it. */
export function medianOfRuns(
  runs: readonly MeasuredRun[],
  pick: (r: MeasuredRun) => number | undefined,
): number | undefined {
  const values = runs.map((r) => pick(r)).filter((v): v is number => v !== undefined);
  return values.length ? median(values) : undefined;
}

/** CPU ms per request of the process named `name` in one run (undefined when it could not be read). */
export const cpuPerRequest = (r: MeasuredRun, name: string): number | undefined =>
  r.cpuMs[name] === undefined ? undefined : r.cpuMs[name]! / r.count;

/** CPU ms per request of every process measured in one run, together. */
export const totalCpuPerRequest = (r: MeasuredRun): number =>
  Object.values(r.cpuMs).reduce((a, b) => a + b, 0) / r.count;
