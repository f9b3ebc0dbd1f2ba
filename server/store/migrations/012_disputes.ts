import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../dialect';

/**
 * Issue #20: disputes (chargebacks) as records of their own, linked to the order (and the attempt the gateway
 * disputed), keyed by the gateway's dispute_id so a notification and a query answer about the same dispute meet
 * on one row. `state` is `open` or `closed`; `outcome` (`won` | `lost`) is set once, when it closes. `respond_by`
 * is YYYY-MM-DD, indexed with the state for "open, due within N days".
 */
export function disputes(dialect: StoreDialect): Migration {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('disputes')
        .addColumn('dispute_id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('attempt_id', 'text', (c) => c.notNull().references('payment_attempts.id'))
        .addColumn('transaction_id', 'text')
        .addColumn('amount_minor', money, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('reason_code', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('respond_by', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('disputes_order').on('disputes').column('order_id').execute();
      await db.schema.createIndex('disputes_state_due').on('disputes').columns(['state', 'respond_by']).execute();
    },
  };
}
