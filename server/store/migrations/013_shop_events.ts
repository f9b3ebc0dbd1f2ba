import { type Kysely, type Migration, sql } from 'kysely';
import type { StoreDialect } from '../dialect';

/**
 * Issue #21: order events to the shop's own server, from a durable outbox.
 *
 * - `shop_events`: the outbox. A row is written in the same transaction as the state change it reports, so an
 *   event exists exactly when its change committed. `seq` orders the events of one order (the order's row lock
 *   serialises its transactions, so their seq follow their commits); `pos` is the commit-safe position the
 *   delivery worker hands out afterwards (see server/shopEvents/shopEventRows.ts `positionNewEvents`), the key of
 *   `GET /api/events?after=`. `endpoint_id` is set only on a test event, which goes to that endpoint alone.
 * - `shop_endpoints`: the shop's registered URLs, the event types each wants, and its signing secrets (sealed
 *   with TOKEN_KEY, each with an expiry once rolled).
 * - `shop_deliveries`: one per event and endpoint (unique), with its state, schedule and last answer.
 *   `subject` and `event_seq` are copied from the event so that "no earlier delivery of this order to this
 *   endpoint is still pending" is one indexed look-up.
 * - `orders.event_mark`: the state the last order event reported, so an event is written only when the state
 *   really changed (server/shopEvents/recordOrderEvents.ts).
 */
export function shopEvents(dialect: StoreDialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('shop_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // PostgreSQL numbers it from a sequence; SQLite (one writer at a time) by the trigger below
        .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.unique())
        .addColumn('pos', big)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('order_no', 'text')
        .addColumn('payout_request_id', 'text')
        .addColumn('endpoint_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .execute();
      if (dialect === 'sqlite')
        await sql`create trigger shop_events_seq after insert on shop_events when new.seq is null
          begin update shop_events set seq = (select coalesce(max(seq), 0) + 1 from shop_events) where id = new.id; end`.execute(
          db,
        );
      await db.schema.createIndex('shop_events_pos').on('shop_events').column('pos').unique().execute();
      await db.schema.createIndex('shop_events_order').on('shop_events').column('order_no').execute();

      await db.schema
        .createTable('shop_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('types', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('secrets', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('shop_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_id', 'text', (c) => c.notNull().references('shop_events.id'))
        .addColumn('endpoint_id', 'text', (c) => c.notNull().references('shop_endpoints.id').onDelete('cascade'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('event_seq', big, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('last_answer', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('shop_deliveries_endpoint_event', ['endpoint_id', 'event_id'])
        .execute();
      await db.schema
        .createIndex('shop_deliveries_due')
        .on('shop_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('shop_deliveries_order')
        .on('shop_deliveries')
        .columns(['endpoint_id', 'subject', 'status', 'event_seq'])
        .execute();

      await db.schema.alterTable('orders').addColumn('event_mark', 'text').execute();
      // the orders paid before the outbox existed are not announced when they next move sideways
      await sql`update orders set event_mark = status`.execute(db);
    },
  };
}
