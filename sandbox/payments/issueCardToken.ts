import type { Fields } from '../http/readFields';
import { insertCardToken } from '../store/cardTokens';
import type { Db } from '../store/openStore';
import type { TransactionRow } from '../store/transactions';
import { newCardToken } from './newIds';

export interface IssuedToken {
  token_id: string;
  card_brand: string;
  card_last4: string;
}

/**
 * The stored-card token an approved card payment carries: the one it was paid with, or a new one when the
 * merchant asked to save the card (token_flag YES). The token keeps the brand, the last four digits and the
 * card's test behaviour, never the number. Call inside the approving database transaction, with the row as it
 * will be (card details merged in).
 */
export async function issueCardToken(db: Db, tx: TransactionRow, now: number): Promise<IssuedToken | undefined> {
  if (tx.channel !== 'checkout' || !tx.card_last4 || !tx.card_brand) return undefined;
  if (tx.token_id) return { token_id: tx.token_id, card_brand: tx.card_brand, card_last4: tx.card_last4 };
  const request = JSON.parse(tx.request_json) as Fields;
  if (request.token_flag !== 'YES' || !tx.card_outcome) return undefined;
  const token = { token_id: newCardToken(), card_brand: tx.card_brand, card_last4: tx.card_last4 };
  await insertCardToken(db, {
    ...token,
    account_id: tx.account_id,
    outcome: tx.card_outcome,
    transaction_id: tx.transaction_id,
    created_at: now,
  });
  return token;
}
