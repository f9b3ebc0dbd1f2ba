import type { Account } from '../accounts';
import type { SandboxDeps } from '../app';
import { GatewayError } from '../http/gatewayError';
import { sameToken } from '../payments/sameToken';
import { getTransaction, type TransactionRow } from '../store/transactions';

/** The transaction behind a hosted or issuer page URL; the page token must match, else it does not exist (404). */
export async function loadPageTransaction(
  deps: SandboxDeps,
  transactionId: string,
  token: unknown,
  channel: TransactionRow['channel'],
): Promise<{ tx: TransactionRow; account: Account }> {
  const tx = await getTransaction(deps.db, transactionId);
  const account = tx ? deps.findAccount(tx.account_id) : undefined;
  if (!tx || !account || tx.channel !== channel || !sameToken(token, tx.page_token)) {
    throw new GatewayError('I0115', 'transaction_id', 'no such payment page', 404);
  }
  return { tx, account };
}
