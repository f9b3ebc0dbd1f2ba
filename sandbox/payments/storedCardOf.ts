import type { Fields } from '../http/readFields';
import { findCardToken, type CardTokenRow } from '../store/cardTokens';
import type { Db } from '../store/openStore';
import type { TransactionRow } from '../store/transactions';

/** The stored card a checkout asked to pay with (its token_id, checked at step 1), if any. */
export async function storedCardOf(db: Db, tx: TransactionRow): Promise<CardTokenRow | undefined> {
  const tokenId = (JSON.parse(tx.request_json) as Fields).token_id;
  return typeof tokenId === 'string' && tokenId !== '' ? findCardToken(db, tx.account_id, tokenId) : undefined;
}
