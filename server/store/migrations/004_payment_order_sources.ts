import type { Kysely, Migration } from 'kysely';

/** The demo card's installment plans: counts the shopper may choose, with the plan id the gateway is sent. */
const DEMO_CARD_PLANS = [
  { count: 3, id: 'INST-3' },
  { count: 6, id: 'INST-6' },
  { count: 12, id: 'INST-12' },
];

/**
 * Sources of the payment order's fields beyond the money (server/checkout/paymentOrderTables.ts): session extras,
 * installment plans per method, saved-card tokens per shopper (one row per shopper and token) and the masked
 * order each attempt sent.
 */
export const paymentOrderSources: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('session_extras')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('extras', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('method_options')
      .addColumn('method_id', 'text', (c) => c.primaryKey())
      .addColumn('installment_plans', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // only where the seeded card method is still there: the owner may have removed it
    const card = await db.selectFrom('payment_methods').select('id').where('id', '=', 'card').executeTakeFirst();
    if (card) {
      await db
        .insertInto('method_options')
        .values({
          method_id: 'card',
          installment_plans: JSON.stringify(DEMO_CARD_PLANS),
          updated_at: new Date().toISOString(),
        })
        .execute();
    }

    await db.schema
      .createTable('saved_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('shopper_id', 'text', (c) => c.notNull())
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('label', 'text')
      .addColumn('attempt_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('saved_cards_shopper_token', ['shopper_id', 'token_id'])
      .execute();

    await db.schema
      .createTable('attempt_orders')
      .addColumn('attempt_id', 'text', (c) => c.primaryKey().references('payment_attempts.id'))
      .addColumn('sent', 'text', (c) => c.notNull())
      .addColumn('token_flag', 'text')
      .addColumn('subscription_result', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
