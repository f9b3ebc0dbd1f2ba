import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../store';
import type { DisputeTable } from '../store';

export type DisputeRow = Selectable<DisputeTable>;

/** The owner's filters: `open`, `won`, `lost`, `closed` (either); `dueBy` (a YYYY-MM-DD day): open and to be answered by then. */
export interface DisputeFilter {
  state?: 'open' | 'won' | 'lost' | 'closed' | undefined;
  dueBy?: string | undefined;
}

/** Inserts the dispute unless its dispute_id is known; true when this call inserted it. */
export async function insertDisputeOnce(trx: Db, row: Insertable<DisputeTable>): Promise<boolean> {
  const r = await trx
    .insertInto('disputes')
    .values(row)
    .onConflict((oc) => oc.column('dispute_id').doNothing())
    .returning('dispute_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Closes an open dispute with its outcome, once: false when it was closed already (the first outcome stays). */
export async function closeDisputeIfOpen(
  trx: Db,
  disputeId: string,
  outcome: 'won' | 'lost',
  at: string,
): Promise<boolean> {
  const r = await trx
    .updateTable('disputes')
    .set({ state: 'closed', outcome, closed_at: at, updated_at: at })
    .where('dispute_id', '=', disputeId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export function findDispute(db: Db, disputeId: string): Promise<DisputeRow | undefined> {
  return db.selectFrom('disputes').selectAll().where('dispute_id', '=', disputeId).executeTakeFirst();
}

/** The disputes of `orderIds`, oldest first. */
export async function disputesOf(db: Db, orderIds: readonly string[]): Promise<DisputeRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('opened_at')
    .orderBy('dispute_id')
    .execute();
}

/** What lost disputes took back from each order, in minor units (orders without one are absent). */
export async function lostDisputeMinor(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  const lost = new Map<string, number>();
  for (const d of await disputesOf(db, orderIds))
    if (d.outcome === 'lost') lost.set(d.order_id, (lost.get(d.order_id) ?? 0) + d.amount_minor);
  return lost;
}

/** Open disputes, the soonest due first: what the reconcile pass asks the gateway about. */
export function openDisputes(db: Db, limit: number): Promise<DisputeRow[]> {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('state', '=', 'open')
    .orderBy('respond_by')
    .orderBy('dispute_id')
    .limit(limit)
    .execute();
}

/**
 * The disputes matching `filter`. Open ones sort by the day they must be answered (soonest first), the others
 * newest first; `after` is the sort key and dispute_id of the previous page's last row.
 */
export async function listDisputes(
  db: Db,
  filter: DisputeFilter,
  page: { after?: { at: string; id: string } | undefined; limit: number },
): Promise<DisputeRow[]> {
  const open = filter.state === 'open' || filter.dueBy !== undefined;
  let q = db.selectFrom('disputes').selectAll().limit(page.limit);
  if (open) q = q.where('state', '=', 'open');
  else if (filter.state === 'closed') q = q.where('state', '=', 'closed');
  else if (filter.state === 'won' || filter.state === 'lost') q = q.where('outcome', '=', filter.state);
  if (filter.dueBy) q = q.where('respond_by', '<=', filter.dueBy);
  const key = open ? 'respond_by' : 'opened_at';
  const dir = open ? 'asc' : 'desc';
  q = q.orderBy(key, dir).orderBy('dispute_id', dir);
  const after = page.after;
  if (after) {
    const past = open ? '>' : '<';
    q = q.where((eb) =>
      eb.or([eb(key, past, after.at), eb.and([eb(key, '=', after.at), eb('dispute_id', past, after.id)])]),
    );
  }
  return q.execute();
}

/** For the overview: how many disputes were opened, on how much money, and how many are still open. */
export async function disputeTotals(
  db: Db,
): Promise<{ count: number; open: number; lost: number; amounts: { currency: string; minor: number }[] }> {
  const rows = await db.selectFrom('disputes').select(['currency', 'amount_minor', 'state', 'outcome']).execute();
  const amounts = new Map<string, number>();
  for (const r of rows) amounts.set(r.currency, (amounts.get(r.currency) ?? 0) + r.amount_minor);
  return {
    count: rows.length,
    open: rows.filter((r) => r.state === 'open').length,
    lost: rows.filter((r) => r.outcome === 'lost').length,
    amounts: [...amounts].map(([currency, minor]) => ({ currency, minor })),
  };
}

/** Orders whose payment was captured (paid, then maybe refunded): what a dispute rate is measured against. */
export async function capturedOrderCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['paid', 'partially_refunded', 'refunded'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
