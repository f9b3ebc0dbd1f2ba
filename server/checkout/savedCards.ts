import { type Selectable, sql } from 'kysely';
import { newId } from '../ids';
import type { CardTokenSeal } from '../store';
import type { Db } from '../store';
import { withPaymentOrderTables, type SavedCardTable } from './paymentOrderTables';

export type SavedCardRow = Selectable<SavedCardTable>;

export type SaveCardOutcome = 'saved' | 'already_saved' | 'attempt_has_card' | 'other_shopper';

/**
 * Keeps a gateway card token for `shopperId`, sealed. At most one card per attempt, and a token is one
 * shopper's only: the same token again (a query repeated) is kept once, and a token already saved for another
 * shopper is refused (`other_shopper`), whatever the gateway or anyone else says about it.
 */
export async function saveCardToken(
  db: Db,
  seal: CardTokenSeal,
  card: { shopperId: string; tokenId: string; label: string | null; attemptId: string },
  at: string,
): Promise<SaveCardOutcome> {
  const tables = withPaymentOrderTables(db);
  const hash = seal.hash(card.tokenId);
  const ofAttempt = await tables
    .selectFrom('saved_cards')
    .select('token_hash')
    .where('attempt_id', '=', card.attemptId)
    .executeTakeFirst();
  if (ofAttempt) return ofAttempt.token_hash === hash ? 'already_saved' : 'attempt_has_card';
  const inserted = await tables
    .insertInto('saved_cards')
    .values({
      id: newId('card'),
      shopper_id: card.shopperId,
      token_hash: hash,
      token_sealed: seal.seal(card.tokenId),
      legacy_token: null,
      label: card.label,
      attempt_id: card.attemptId,
      created_at: at,
      // saved from a payment that went through: the card the shopper used last
      last_used_at: at,
    })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return 'saved';
  const owner = await tables
    .selectFrom('saved_cards')
    .select('shopper_id')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  return owner?.shopper_id === card.shopperId ? 'already_saved' : 'other_shopper';
}

/**
 * The shopper's saved cards, the one last paid with first (the widget preselects it), then the newest. The
 * coalesce keeps a row without `last_used_at` in its place on both stores, which sort nulls at opposite ends.
 */
export async function listSavedCards(db: Db, shopperId: string): Promise<SavedCardRow[]> {
  return withPaymentOrderTables(db)
    .selectFrom('saved_cards')
    .selectAll()
    .where('shopper_id', '=', shopperId)
    .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Marks the saved card attempt `attemptId` paid with (if any) as used at `at`: called once, when the attempt's
 * payment goes through. Never moves a card back to an earlier time (a late answer about an older payment).
 */
export async function markSavedCardUsed(db: Db, attemptId: string, at: string): Promise<void> {
  const tables = withPaymentOrderTables(db);
  const sent = await tables
    .selectFrom('attempt_orders')
    .select('saved_card_id')
    .where('attempt_id', '=', attemptId)
    .executeTakeFirst();
  if (!sent?.saved_card_id) return;
  await tables
    .updateTable('saved_cards')
    .set({ last_used_at: at })
    .where('id', '=', sent.saved_card_id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}

/** Deletes saved card `id` if it is `shopperId`'s; answers whether it did (another shopper's card stays). */
export async function deleteSavedCard(db: Db, id: string, shopperId: string): Promise<boolean> {
  const deleted = await withPaymentOrderTables(db)
    .deleteFrom('saved_cards')
    .where('id', '=', id)
    .where('shopper_id', '=', shopperId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * The token of saved card `id`, only if it is `shopperId`'s: one shopper can never pay with another's token.
 * A card sealed under another TOKEN_KEY cannot be opened and counts as not found.
 */
export async function findSavedCard(
  db: Db,
  seal: CardTokenSeal,
  id: string,
  shopperId: string,
): Promise<{ id: string; token_id: string } | undefined> {
  const row = await withPaymentOrderTables(db)
    .selectFrom('saved_cards')
    .select(['id', 'token_sealed', 'legacy_token'])
    .where('id', '=', id)
    .where('shopper_id', '=', shopperId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.token_sealed === null) return row.legacy_token ? { id: row.id, token_id: row.legacy_token } : undefined;
  try {
    return { id: row.id, token_id: seal.open(row.token_sealed) };
  } catch {
    return undefined;
  }
}

/**
 * Seals the tokens saved in clear before migration 007 (at start, where the key is known). A token that
 * another row already holds is the one-token-two-shoppers case the migration exists to end: that row is
 * deleted. Answers how many rows were sealed or deleted.
 */
export async function sealLegacyCardTokens(db: Db, seal: CardTokenSeal): Promise<number> {
  const tables = withPaymentOrderTables(db);
  const legacy = await tables
    .selectFrom('saved_cards')
    .select(['id', 'legacy_token'])
    .where('legacy_token', 'is not', null)
    .orderBy('created_at')
    .execute();
  for (const row of legacy) {
    const token = row.legacy_token ?? '';
    const hash = seal.hash(token);
    const taken = await tables.selectFrom('saved_cards').select('id').where('token_hash', '=', hash).executeTakeFirst();
    if (taken) await tables.deleteFrom('saved_cards').where('id', '=', row.id).execute();
    else
      await tables
        .updateTable('saved_cards')
        .set({ token_hash: hash, token_sealed: seal.seal(token), legacy_token: null })
        .where('id', '=', row.id)
        .execute();
  }
  return legacy.length;
}

/** Whether the attempt's payment already saved a card (one per attempt). */
export async function attemptHasSavedCard(db: Db, attemptId: string): Promise<boolean> {
  const row = await withPaymentOrderTables(db)
    .selectFrom('saved_cards')
    .select('id')
    .where('attempt_id', '=', attemptId)
    .executeTakeFirst();
  return row !== undefined;
}
