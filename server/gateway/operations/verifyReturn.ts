import { verify } from '../../../shared/gateway/hashNode';
import type { OperationContext } from './context';

/**
 * The shopper's return to return_url (docs/protocol-decisions.md 7) carries order_no, transaction_id, payment_status
 * and the signature, but not the signed merchant_id, account_id, currency and amount: those come from this account and
 * from the merchant's own stored order, so a redirect can only confirm what the merchant already expects.
 * Values the query does carry must agree with them.
 */
export function verifyReturn(
  ctx: OperationContext,
  query: Readonly<Record<string, string>>,
  order: { currency: string; amount: string },
): boolean {
  const expected = {
    merchant_id: ctx.merchantId,
    account_id: ctx.accountId,
    currency: order.currency,
    amount: order.amount,
  };
  for (const [name, value] of Object.entries(expected)) {
    if (query[name] !== undefined && query[name] !== value) return false;
  }
  return verify('returnRedirect', { ...query, ...expected }, query.encryption_data, ctx.verifyKeys(), ctx.profile);
}
