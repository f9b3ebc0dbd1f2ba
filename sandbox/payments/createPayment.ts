import { toMinor } from '../../shared/gateway/money';
import type { Account } from '../accounts';
import { GatewayError } from '../http/gatewayError';
import type { Fields } from '../http/readFields';
import type { Db } from '../store/openStore';
import { findSuccessfulWithin24h, insertTransaction, type TransactionRow } from '../store/transactions';
import { newPageToken, newReferenceNo, newTransactionId } from './newIds';

/**
 * Step 1 of a payment (checkout or authorise): a pending (1000) transaction holding the request as received,
 * minus its signature. A successful payment of the same order_no in the last 24 hours refuses it (I0061) and
 * leaves that order untouched. `fields` must have passed the route's field rules.
 */
export async function createPayment(
  db: Db,
  account: Account,
  fields: Fields,
  channel: 'checkout' | 'authorise',
  now: number,
): Promise<TransactionRow> {
  const { encryption_data: _signature, ...request } = fields;
  const orderNo = String(fields.order_no);
  const currency = String(fields.currency);
  return db.transaction().execute(async (trx) => {
    if (await findSuccessfulWithin24h(trx, account.account_id, orderNo, now))
      throw new GatewayError('I0061', 'order_no');
    const row: TransactionRow = {
      transaction_id: newTransactionId(),
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      order_no: orderNo,
      currency,
      amount_minor: toMinor(String(fields.amount), currency),
      captured_minor: 0,
      refunded_minor: 0,
      status: '1000',
      channel,
      payment_method: channel === 'authorise' ? String(fields.payment_method) : 'CARD',
      return_url: String(fields.return_url),
      notify_url: typeof fields.notify_url === 'string' && fields.notify_url !== '' ? fields.notify_url : null,
      request_json: JSON.stringify(request),
      page_token: newPageToken(),
      card_last4: null,
      card_brand: null,
      card_outcome: null,
      token_id: null,
      is3ds: 0,
      fraud_status: null,
      message: '1000:Pending',
      reference_no: newReferenceNo(),
      refund_seq: 0,
      refund_plan: null,
      settle_at: null,
      created_at: now,
      updated_at: now,
    };
    await insertTransaction(trx, row);
    return row;
  });
}
