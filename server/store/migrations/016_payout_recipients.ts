import type { Kysely, Migration } from 'kysely';

/**
 * Issue #23: saved payout recipients, so the owner types a beneficiary's bank details once and then pays it an
 * amount. `beneficiary` is the object of docs/gateway-api.md 2.7 as JSON, unmasked (a payout to it must send the real
 * account); the admin API shows it masked. An archived recipient stays (past payouts name it) but cannot be paid.
 */
export const payoutRecipients: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payout_recipients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text')
      .addColumn('beneficiary_id', 'text')
      .addColumn('beneficiary', 'text', (c) => c.notNull())
      .addColumn('archived_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payout_recipients_name').on('payout_recipients').columns(['name', 'id']).execute();
  },
};
