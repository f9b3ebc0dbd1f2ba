import type { Kysely, Migration } from 'kysely';

/**
 * Exactly once when the network fails mid-call (issue #18):
 * - `payouts.pending_request`: the payout exactly as sent (unmasked), kept only while it is SENDING, so the
 *   reconcile loop can send the very same request again (the gateway dedupes by request_id and compares the
 *   content) to learn what became of it; cleared when the payout leaves SENDING.
 * - `refunds.request_key`, `refunds.request_hash`: the Idempotency-Key of the bulk request (or of its row) that
 *   journalled the refund, unique per order, so a repeat of the request maps to the same journal row and the
 *   same refund_reference; the hash refuses the same key for another refund.
 * - `bulk_requests`: each keyed bulk request's body hash, so a key reused with another body is refused (422).
 */
export const calls: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payouts').addColumn('pending_request', 'text').execute();
    await db.schema.alterTable('refunds').addColumn('request_key', 'text').execute();
    await db.schema.alterTable('refunds').addColumn('request_hash', 'text').execute();
    // NULL keys (refunds sent without one) are distinct in a unique index, on SQLite and PostgreSQL alike
    await db.schema
      .createIndex('refunds_order_request_key')
      .on('refunds')
      .columns(['order_id', 'request_key'])
      .unique()
      .execute();
    await db.schema
      .createTable('bulk_requests')
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
