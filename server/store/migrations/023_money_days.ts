import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue #32 ("Reading it"): money booked on the day it moved, and the card an order was paid with.
 *
 * `orders.paid_at`: when the order's money was first captured (paid directly, or captured after an
 * authorisation), set once by server/orders/orders.ts mirrorAttempt; the overview books the order's gross on that
 * day, not on the day the order was created (server/orders/orderStats.ts). Orders captured before this migration
 * take the day of their first `order.paid` event, else of their succeeded capture, else the day they were created.
 *
 * `payment_attempts.card_brand`, `card_last4`: the brand and last four digits the gateway's query record names
 * for a card payment (server/orders/keepRecordExtras.ts), for the order page's summary ("Visa •••• 4242"); never
 * more of the number.
 *
 * `audit_events.actor` of the team's lines written before it was set (server/team/auditUserChange.ts kept the
 * person in `detail.actor` only, so a password set with a one-time link read as the gateway's doing): taken from
 * there.
 */
export const moneyDays: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
    await sql`update orders set paid_at = coalesce(
        (select min(e.created_at) from shop_events e where e.order_id = orders.id and e.type = 'order.paid'),
        (select max(o.updated_at) from order_operations o
          where o.order_id = orders.id and o.action = 'capture' and o.status = 'succeeded'),
        created_at)
      where status in ('paid', 'partially_refunded', 'refunded')`.execute(db);
    await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
    await db.schema.alterTable('payment_attempts').addColumn('card_brand', 'text').execute();
    await db.schema.alterTable('payment_attempts').addColumn('card_last4', 'text').execute();
    const unnamed = await db
      .selectFrom('audit_events')
      .select(['id', 'detail'])
      .where('actor', 'is', null)
      .where('kind', 'in', ['user', 'user_locked'])
      .execute();
    for (const row of unnamed) {
      const actor = actorIn(row.detail);
      if (actor) await db.updateTable('audit_events').set({ actor }).where('id', '=', row.id).execute();
    }
  },
};

/** The `actor` a line's detail names (`user:...`, `key:...`, `env:...`), if any. */
function actorIn(detail: string | null): string | undefined {
  try {
    const actor = (JSON.parse(detail ?? 'null') as { actor?: unknown } | null)?.actor;
    return typeof actor === 'string' && /^(user|key|env):/.test(actor) ? actor : undefined;
  } catch {
    return undefined;
  }
}
