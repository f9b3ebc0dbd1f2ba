import { sign } from '../../shared/gateway/hashNode';
import { toDecimal } from '../../shared/gateway/money';
import { type GatewayProfile, toWireStatus } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import type { TransactionRow } from '../store/transactions';

/**
 * Where the shopper's browser goes after the hosted or issuer page (docs/protocol-decisions.md 7): `return_url` with
 * order_no, transaction_id, payment_status, message and the signature over the payment outcome.
 */
export function returnRedirectUrl(account: Account, tx: TransactionRow, profile: GatewayProfile): string {
  const status = toWireStatus(profile, tx.status);
  const signed = {
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    transaction_id: tx.transaction_id,
    order_no: tx.order_no,
    currency: tx.currency,
    amount: toDecimal(tx.amount_minor, tx.currency),
    payment_status: status,
  };
  const url = new URL(tx.return_url);
  url.searchParams.set('order_no', tx.order_no);
  url.searchParams.set('transaction_id', tx.transaction_id);
  url.searchParams.set('payment_status', status);
  url.searchParams.set('message', tx.message);
  url.searchParams.set('encryption_data', sign('returnRedirect', signed, account.sign_key, profile));
  return url.toString();
}
