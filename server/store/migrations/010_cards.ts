import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Saved cards in the order a shopper uses them (issue #19): `last_used_at` is when a payment with the card last
 * went through (the card's own first payment for a card saved before this), and each attempt keeps the saved
 * card it paid with, so the payment's outcome can move that card to the top.
 */
export const cards: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('saved_cards').addColumn('last_used_at', 'text').execute();
    await sql`update saved_cards set last_used_at = created_at`.execute(db);
    await db.schema.alterTable('attempt_orders').addColumn('saved_card_id', 'text').execute();
  },
};
