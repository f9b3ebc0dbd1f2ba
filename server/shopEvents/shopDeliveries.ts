import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../store';
import type { StoreDialect } from '../store';
import type { ShopDeliveryTable } from '../store';

export type ShopDeliveryRow = Selectable<ShopDeliveryTable>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Creates the deliveries unless they exist (one per event and endpoint). */
export async function insertDeliveries(trx: Db, rows: readonly Insertable<ShopDeliveryTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('shop_deliveries')
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .execute();
}

/**
 * Takes up to `limit` deliveries that are due, and leases them to this worker until `leaseUntil`. A delivery is
 * due when it is pending, its time has come, no other worker holds it, and no earlier event of the same order
 * (or payout) is still pending for the same endpoint: the shop receives an order's events in the order they
 * happened. At most `perEndpoint` deliveries of one endpoint are in flight, those leased by any worker
 * counted: a slow or hostile endpoint gets a few connections, never the whole batch (#33). On PostgreSQL
 * `FOR UPDATE SKIP LOCKED` lets several processes claim at once without waiting on or taking each other's rows
 * (two claiming at the same moment rank the same deliveries first, so one of them gets them); SQLite has one
 * writer at a time, so the conditional update is enough.
 */
export async function claimDueDeliveries(
  db: Db,
  dialect: StoreDialect,
  now: string,
  leaseUntil: string,
  limit: number,
  perEndpoint: number,
): Promise<ShopDeliveryRow[]> {
  return db.transaction().execute(async (trx) => {
    const ranked = trx
      .selectFrom('shop_deliveries as d')
      .select(['d.id', 'd.event_seq'])
      // its place among the due deliveries of its endpoint, and how many of that endpoint are in flight
      .select(sql<number>`row_number() over (partition by d.endpoint_id order by d.event_seq)`.as('place'))
      .select((eb) =>
        eb
          .selectFrom('shop_deliveries as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.endpoint_id', '=', 'd.endpoint_id')
          .where('f.status', '=', 'pending')
          .where('f.lease_until', '>=', now)
          .as('in_flight'),
      )
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('shop_deliveries as e')
              .select('e.id')
              .whereRef('e.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('e.subject', '=', 'd.subject')
              .where('e.status', '=', 'pending')
              .whereRef('e.event_seq', '<', 'd.event_seq'),
          ),
        ),
      );
    const picked = (
      await trx
        .selectFrom(ranked.as('r'))
        .select('r.id')
        .where(sql<boolean>`r.place + r.in_flight <= ${perEndpoint}`)
        .orderBy('r.event_seq')
        .limit(limit)
        .execute()
    ).map((r) => r.id);
    if (picked.length === 0) return [];
    let ids = picked;
    // PostgreSQL allows no row lock beside a window function: the rows picked are locked apart, skipping any
    // another process holds
    if (dialect === 'postgres')
      ids = (
        await trx
          .selectFrom('shop_deliveries')
          .select('id')
          .where('id', 'in', picked)
          .where('status', '=', 'pending')
          // read again once locked: a process that leased the row and committed after this one picked it has
          // released its lock, and only its lease says the row is taken (two processes sent one event twice)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .forUpdate()
          .skipLocked()
          .execute()
      ).map((r) => r.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('shop_deliveries')
      .set({ lease_until: leaseUntil })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .execute();
  });
}

/** What one attempt to deliver ended with. */
export interface DeliveryResult {
  status: DeliveryStatus;
  at: string;
  statusCode: number | null;
  error: string | null;
  answer: string | null;
  /** pending: when to try again */
  nextAttemptAt?: string;
}

/**
 * What an attempt begun says until its outcome is recorded: if the process stops during the send, this stays,
 * and the next claim sees the attempt was made (see startDeliveryAttempt).
 */
const UNRECORDED = /^no outcome recorded: the backend stopped during the send \((\d+) in a row\)$/;
const unrecorded = (times: number) => `no outcome recorded: the backend stopped during the send (${times} in a row)`;

/** How many attempts in a row before `row`'s claim began and never recorded an outcome (0: none). */
export function unrecordedAttempts(row: Pick<ShopDeliveryRow, 'last_error'>): number {
  return Number(UNRECORDED.exec(row.last_error ?? '')?.[1] ?? 0);
}

/**
 * Counts an attempt before it is sent: one more attempt, its time, `nextAttemptAt` as the retry should it never
 * be recorded, and a last error that says so. A send that kills the process (an endpoint's answer read whole
 * did, #33) is then retried after its backoff like any failure, not at every restart once the lease ends, and
 * counted, so the caller can stop after a few (unrecordedAttempts). The lease stays.
 */
export async function startDeliveryAttempt(
  db: Db,
  row: Pick<ShopDeliveryRow, 'id' | 'last_error'>,
  at: string,
  nextAttemptAt: string,
): Promise<void> {
  await db
    .updateTable('shop_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_attempt_at: at,
      last_status_code: null,
      last_error: unrecorded(unrecordedAttempts(row) + 1),
      last_answer: null,
      next_attempt_at: nextAttemptAt,
    }))
    .where('id', '=', row.id)
    .execute();
}

/** Records the outcome of the attempt startDeliveryAttempt counted, and releases the lease. */
export async function recordDeliveryAttempt(db: Db, id: string, result: DeliveryResult): Promise<void> {
  await db
    .updateTable('shop_deliveries')
    .set({
      status: result.status,
      last_status_code: result.statusCode,
      last_error: result.error,
      last_answer: result.answer,
      last_attempt_at: result.at,
      lease_until: null,
      ...(result.nextAttemptAt ? { next_attempt_at: result.nextAttemptAt } : {}),
      ...(result.status === 'delivered' ? { delivered_at: result.at } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The owner's resend: the delivery is pending again and due now, with a clean count of sends that never
 * recorded an outcome; false when there is no such delivery.
 */
export async function resendDelivery(db: Db, id: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('shop_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: now,
      lease_until: null,
      last_error: sql<string | null>`case when last_error like 'no outcome recorded:%' then null else last_error end`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export function findDelivery(db: Db, id: string): Promise<ShopDeliveryRow | undefined> {
  return db.selectFrom('shop_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The owner's list filters. */
export interface DeliveryFilter {
  endpointId?: string | undefined;
  status?: DeliveryStatus | undefined;
  orderNo?: string | undefined;
}

/** Deliveries with their event's type and order, newest event first; `before`: the event_seq of the previous page's last. */
export function listDeliveries(db: Db, filter: DeliveryFilter, page: { before?: number | undefined; limit: number }) {
  let q = db
    .selectFrom('shop_deliveries as d')
    .innerJoin('shop_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type', 'e.order_no', 'e.payout_request_id', 'e.created_at as event_created_at'])
    .orderBy('d.event_seq', 'desc')
    .orderBy('d.id')
    .limit(page.limit);
  if (filter.endpointId) q = q.where('d.endpoint_id', '=', filter.endpointId);
  if (filter.status) q = q.where('d.status', '=', filter.status);
  if (filter.orderNo) q = q.where('e.order_no', '=', filter.orderNo);
  if (page.before !== undefined) q = q.where('d.event_seq', '<', page.before);
  return q.execute();
}
