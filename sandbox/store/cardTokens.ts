import type { Insertable, Selectable } from 'kysely';
import type { Db } from './openStore';
import type { CardTokenTable } from './schema';

export type CardTokenRow = Selectable<CardTokenTable>;

export async function insertCardToken(db: Db, row: Insertable<CardTokenTable>): Promise<void> {
  await db.insertInto('card_tokens').values(row).execute();
}

/** The token, only within `accountId`: one merchant's token means nothing to another account. */
export function findCardToken(db: Db, accountId: string, tokenId: string): Promise<CardTokenRow | undefined> {
  return db
    .selectFrom('card_tokens')
    .selectAll()
    .where('token_id', '=', tokenId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}
