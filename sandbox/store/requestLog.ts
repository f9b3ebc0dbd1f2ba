import { sql } from 'kysely';
import type { Db } from './openStore';

export interface RequestLogEntry {
  endpoint: string;
  account_id: string | null;
  order_nos: string[];
  http_status: number;
  received_at: number;
}

/** Every `/v1/*` call the sandbox saw, so tests can assert how often a client called (e.g. "refund sent once"). */
export async function logRequest(db: Db, entry: RequestLogEntry): Promise<void> {
  await db
    .insertInto('request_log')
    .values({ ...entry, order_nos: entry.order_nos.length ? `,${entry.order_nos.join(',')},` : '' })
    .execute();
}

export async function countRequests(
  db: Db,
  filter: { endpoint?: string; order_no?: string; account_id?: string },
): Promise<number> {
  let q = db.selectFrom('request_log').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.endpoint) q = q.where('endpoint', '=', filter.endpoint);
  if (filter.account_id) q = q.where('account_id', '=', filter.account_id);
  if (filter.order_no) q = q.where(sql<boolean>`instr(order_nos, ${`,${filter.order_no},`}) > 0`);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}
