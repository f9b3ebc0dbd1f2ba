import type { Selectable } from 'kysely';
import { newId } from '../ids';
import type { Db } from './db';
import { withPaymentOrderTables, type SavedCardTable } from './paymentOrderTables';

export type SavedCardRow = Selectable<SavedCardTable>;

/**
 * Keeps a gateway card token for `shopperId`. The same token arriving again (a query repeated, a second
 * notification) is kept once: (shopper_id, token_id) is unique.
 */
export async function saveCardToken(
  db: Db,
  card: { shopperId: string; tokenId: string; label: string | null; attemptId: string | null },
  at: string,
): Promise<void> {
  await withPaymentOrderTables(db)
    .insertInto('saved_cards')
    .values({
      id: newId('card'),
      shopper_id: card.shopperId,
      token_id: card.tokenId,
      label: card.label,
      attempt_id: card.attemptId,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['shopper_id', 'token_id']).doNothing())
    .execute();
}

/** The shopper's saved cards, newest first. */
export async function listSavedCards(db: Db, shopperId: string): Promise<SavedCardRow[]> {
  return withPaymentOrderTables(db)
    .selectFrom('saved_cards')
    .selectAll()
    .where('shopper_id', '=', shopperId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The saved card `id`, only if it is `shopperId`'s: one shopper can never pay with another's token. */
export async function findSavedCard(db: Db, id: string, shopperId: string): Promise<SavedCardRow | undefined> {
  return withPaymentOrderTables(db)
    .selectFrom('saved_cards')
    .selectAll()
    .where('id', '=', id)
    .where('shopper_id', '=', shopperId)
    .executeTakeFirst();
}
