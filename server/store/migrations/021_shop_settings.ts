import type { Kysely, Migration } from 'kysely';

/**
 * Issue #35: the owner's settings that are one value each, by key, starting with `double_payment_refund` (refund
 * the extra payment of a double payment automatically, off or after a delay; JSON). A key with no row has its
 * default (off).
 */
export const shopSettings: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('shop_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
