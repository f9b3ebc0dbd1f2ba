import type { Context } from 'hono';
import { sign } from '../../shared/gateway/hashNode';
import { toDecimal } from '../../shared/gateway/money';
import { type GatewayProfile, toWireStatus } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import { writeIncoming } from '../notify/writeIncoming';
import { renderReturnPage } from '../pages/renderReturnPage';
import type { TransactionRow } from '../store/transactions';

/**
 * The fields of the shopper's return (docs/protocol-decisions.md 7), in the profile's dialect: order_no,
 * transaction_id, the status and the message under the names the profile gives them (`writeIncoming`), and the
 * signature over the payment's outcome by the profile's `returnRedirect` list, over those names.
 */
function returnFields(account: Account, tx: TransactionRow, profile: GatewayProfile): Record<string, string> {
  const carried = {
    transactionId: tx.transaction_id,
    orderNo: tx.order_no,
    status: toWireStatus(profile, tx.status),
    message: tx.message,
  };
  const signed = writeIncoming(profile, {
    ...carried,
    merchantId: account.merchant_id,
    accountId: account.account_id,
    currency: tx.currency,
    amount: toDecimal(tx.amount_minor, tx.currency),
  });
  return {
    ...writeIncoming(profile, carried),
    encryption_data: sign('returnRedirect', signed, account.sign_key, profile),
  };
}

/**
 * Sends the shopper's browser back to `return_url` after the hosted or issuer page, by the first method of the
 * profile's `returns.methods`: GET, a 303 to return_url with the fields in its query (this project's dialect); POST,
 * a page whose form posts the fields to return_url on load, as the older engine of the family does
 * (docs/gateway-evidence.md 8).
 */
export function sendShopperBack(c: Context, account: Account, tx: TransactionRow, profile: GatewayProfile): Response {
  const fields = returnFields(account, tx, profile);
  if (profile.returns.methods[0] === 'POST') {
    c.header('Cache-Control', 'no-store');
    return c.html(renderReturnPage(tx.return_url, Object.entries(fields)));
  }
  const url = new URL(tx.return_url);
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return c.redirect(url.toString(), 303);
}
