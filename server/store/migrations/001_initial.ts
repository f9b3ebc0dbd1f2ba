import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../dialect';

/**
 * The first schema. Money is `bigint` on PostgreSQL and `integer` on SQLite (both 64-bit); everything that
 * must happen once is guarded by a unique key here (notify_id, gateway order_no, idempotency keys).
 */
export function initial(dialect: StoreDialect): Migration {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().unique())
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('amount_minor', money, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text')
        .addColumn('transaction_id', 'text')
        .addColumn('current_attempt_id', 'text')
        .addColumn('message', 'text')
        .addColumn('refunded_minor', money, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_status_updated').on('orders').columns(['status', 'updated_at']).execute();
      await db.schema.createIndex('orders_transaction').on('orders').column('transaction_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('client_secret_hash', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('amount_minor', money, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('amount_parts', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('locale', 'text')
        .addColumn('shopper', 'text')
        .addColumn('return_url', 'text')
        .addColumn('note', 'text')
        .addColumn('custom', 'text')
        .addColumn('shopper_id', 'text')
        .addColumn('metadata', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payment_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('gateway_order_no', 'text', (c) => c.notNull().unique())
        .addColumn('method_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text')
        .addColumn('transaction_id', 'text')
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response', 'text')
        .addColumn('widget_origin', 'text')
        .addColumn('frame_token', 'text', (c) => c.unique())
        .addColumn('frame_html', 'text')
        .addColumn('frame_served_at', 'text')
        .addColumn('redirect_url', 'text')
        .addColumn('message', 'text')
        .addColumn('next_check_at', 'text')
        .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        // one attempt per (session, Idempotency-Key): the database, not process memory, makes a repeat a replay
        .addUniqueConstraint('payment_attempts_idempotency', ['session_id', 'idempotency_key'])
        // one attempt per sequence number: two concurrent new attempts for one order cannot both be created
        .addUniqueConstraint('payment_attempts_order_seq', ['order_id', 'seq'])
        .execute();
      await db.schema
        .createIndex('payment_attempts_check')
        .on('payment_attempts')
        .columns(['status', 'next_check_at'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('notify_id', 'text', (c) => c.primaryKey())
        .addColumn('notify_type', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull())
        .addColumn('attempt_id', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('attempt_id', 'text', (c) => c.notNull())
        .addColumn('amount_minor', money, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('refund_reference', 'text', (c) => c.notNull().unique())
        .addColumn('refund_reference_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('request_id', 'text', (c) => c.notNull().unique())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('amount_minor', money, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text')
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('response', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payment_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text')
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('countries', 'text')
        .addColumn('currencies', 'text')
        .addColumn('min_minor', money)
        .addColumn('max_minor', money)
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('banks', 'text')
        .addColumn('open3d', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_events')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text')
        .addColumn('attempt_id', 'text')
        .addColumn('request_id', 'text')
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_events_order').on('audit_events').column('order_no').execute();

      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
