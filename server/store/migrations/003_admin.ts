import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../dialect';

/**
 * What the shop owner's admin API needs: the captured amount and shopper e-mail on orders, a per-order refund
 * sequence (unique, so a journalled refund exists once), a request hash for payout replays, a journal of
 * captures, cancels and reviews, and indexes for the owner's lists. SQLite adds one column per statement.
 */
export function admin(dialect: StoreDialect): Migration {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('captured_minor', money).execute();
      await db.schema.alterTable('orders').addColumn('email', 'text').execute();
      await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();

      await db.schema.alterTable('refunds').addColumn('seq', 'integer').execute();
      await db.schema.createIndex('refunds_order_seq').on('refunds').columns(['order_id', 'seq']).unique().execute();
      await db.schema.createIndex('refunds_order_status').on('refunds').columns(['order_id', 'status']).execute();

      await db.schema.alterTable('payouts').addColumn('request_hash', 'text').execute();
      await db.schema.createIndex('payouts_created').on('payouts').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('order_operations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('attempt_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('amount_minor', money, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_operations_order_status')
        .on('order_operations')
        .columns(['order_id', 'status'])
        .execute();

      await db.schema.createIndex('audit_events_kind').on('audit_events').columns(['kind', 'id']).execute();
    },
  };
}
