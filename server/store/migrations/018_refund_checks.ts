import type { Kysely, Migration } from 'kysely';

/**
 * Issue #31: the reconcile loop backs off per refund, as it does per payment attempt (`payment_attempts.checks` and
 * `next_check_at`). A refund held `accepted` at the gateway was searched on every pass, about 2,900 times a day at
 * the default 30 s interval; now each refund not final has its own next check, twice as far off after each search
 * that finds it unchanged, at most an hour, and due again at once when it moves. `next_check_at` NULL: due (a refund
 * never searched, or one that just moved), so the refunds in flight before this migration are checked as before.
 * The same for the refund of a double payment's extra payment, on its alert.
 */
export const refundChecks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('refunds').addColumn('next_check_at', 'text').execute();
    await db.schema
      .alterTable('refunds')
      .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('refunds_check').on('refunds').columns(['status', 'next_check_at']).execute();
    await db.schema.alterTable('payment_alerts').addColumn('refund_next_check_at', 'text').execute();
    await db.schema
      .alterTable('payment_alerts')
      .addColumn('refund_checks', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
