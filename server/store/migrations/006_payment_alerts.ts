import type { Kysely, Migration } from 'kysely';

/**
 * Issue #18: payments the owner must look at. `payment_alerts` holds one row per attempt and kind (unique, so a
 * replayed notification or query raises it once): a second paid attempt of one order (`double_payment`, with
 * the journal of the refund of that extra attempt, whose reference is fixed before it is sent) or a payment
 * confirmed after its session's expiry and grace (`paid_after_expiry`). `orders.alert` is the kind of the
 * latest alert, for the owner's list. `payment_attempts.stranded_at`: the gateway holds the attempt pending but
 * the shopper never received its page, so it no longer blocks a new attempt (it is still watched).
 */
export const paymentAlerts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('attempt_id', 'text', (c) => c.notNull().references('payment_attempts.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('other_attempt_id', 'text')
      .addColumn('refund_status', 'text')
      .addColumn('refund_reference', 'text')
      .addColumn('refund_message', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payment_alerts_attempt_kind', ['attempt_id', 'kind'])
      .execute();
    await db.schema.createIndex('payment_alerts_order').on('payment_alerts').column('order_id').execute();
    await db.schema.alterTable('orders').addColumn('alert', 'text').execute();
    await db.schema.alterTable('payment_attempts').addColumn('stranded_at', 'text').execute();
  },
};
