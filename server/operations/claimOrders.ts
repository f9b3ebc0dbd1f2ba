import type { Db } from '../store';

/** Rows per statement: well under every database's parameter limit. */
const CHUNK = 200;

const leaseName = (orderId: string) => `order-action:${orderId}`;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * Claims `orderIds` for one request (`holder`) until `until`, in the store's `leases` table, so that of the
 * requests acting on one order at once, in this process or any other sharing the database, one does: an
 * order's lease is taken when it has none or its lease expired (a request that crashed), else it is left to
 * its holder. The insert-or-take-expired is one statement per chunk, which both SQLite (one writer) and
 * PostgreSQL (a conflicting insert waits for the other's commit) decide for one holder only. Answers the ids
 * this holder now has.
 */
export async function claimOrders(
  db: Db,
  orderIds: readonly string[],
  holder: string,
  now: Date,
  until: Date,
): Promise<Set<string>> {
  const at = now.toISOString();
  const expires_at = until.toISOString();
  const claimed = new Set<string>();
  for (const ids of chunks(orderIds)) {
    await db
      .insertInto('leases')
      .values(ids.map((id) => ({ name: leaseName(id), holder, expires_at })))
      .onConflict((oc) => oc.column('name').doUpdateSet({ holder, expires_at }).where('leases.expires_at', '<', at))
      .execute();
    const held = await db
      .selectFrom('leases')
      .select('name')
      .where('holder', '=', holder)
      .where(
        'name',
        'in',
        ids.map((id) => leaseName(id)),
      )
      .execute();
    const names = new Set(held.map((r) => r.name));
    for (const id of ids) if (names.has(leaseName(id))) claimed.add(id);
  }
  return claimed;
}

/** Lets go of what `holder` claimed; a lease another holder took over after it expired stays theirs. */
export async function releaseOrders(db: Db, orderIds: readonly string[], holder: string): Promise<void> {
  for (const ids of chunks(orderIds))
    await db
      .deleteFrom('leases')
      .where('holder', '=', holder)
      .where(
        'name',
        'in',
        ids.map((id) => leaseName(id)),
      )
      .execute();
}
