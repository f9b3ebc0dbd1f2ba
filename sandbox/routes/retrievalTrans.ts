import { Hono } from 'hono';
import { BATCH_LIMIT } from '../../shared/gateway/errors';
import { isQueryIpAllowed } from '../accounts';
import type { SandboxDeps, SandboxEnv } from '../app';
import { checkEnvelope, checkSignature } from '../http/checkEnvelope';
import { GatewayError } from '../http/gatewayError';
import { checkContentType } from '../http/checkContentType';
import { readFields } from '../http/readFields';
import { searchList } from '../http/splitList';
import { RETURN_MESSAGE_OK } from '../http/successMessage';
import { toTransactionRecord } from '../payments/toTransactionRecord';
import { disputesOf } from '../store/disputes';
import { getTransaction, latestForOrder } from '../store/transactions';

/**
 * `POST /v1/retrievalTrans`: up to 100 orders by `orders` (order_no) and `trades` (transaction_id), each list
 * at most 1000 characters, from the account's registered IPs only (docs/protocol-decisions.md 2,
 * docs/gateway-evidence.md 5). An order_no answers its newest transaction; what is not found is listed with
 * query_result `0`.
 */
export function retrievalTransRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', async (c) => {
    const fields = await readFields(c, ['form']);
    checkContentType(c, deps, 'query');
    const account = checkEnvelope(fields, deps.findAccount);
    c.set('accountId', account.account_id);
    if (!isQueryIpAllowed(account, deps.clientIp(c))) throw new GatewayError('I0072', 'ip', undefined, 403);
    checkSignature('query', fields, account, deps.profile);
    const orders = searchList(fields, 'orders');
    const trades = searchList(fields, 'trades');
    c.set('orderNos', orders);
    if (orders.length + trades.length === 0) throw new GatewayError('I0059', 'orders', 'orders or trades is required');
    if (orders.length + trades.length > BATCH_LIMIT.query) {
      throw new GatewayError(
        'B0001',
        orders.length ? 'orders' : 'trades',
        `at most ${BATCH_LIMIT.query} orders and trades together`,
      );
    }
    const list: Record<string, unknown>[] = [];
    for (const orderNo of orders) {
      const tx = await latestForOrder(deps.db, account.account_id, orderNo);
      list.push(
        tx
          ? toTransactionRecord(tx, deps.profile, await disputesOf(deps.db, tx.transaction_id))
          : { order_no: orderNo, transaction_id: '', query_result: '0' },
      );
    }
    for (const transactionId of trades) {
      const tx = await getTransaction(deps.db, transactionId);
      list.push(
        tx && tx.account_id === account.account_id
          ? toTransactionRecord(tx, deps.profile, await disputesOf(deps.db, tx.transaction_id))
          : { order_no: '', transaction_id: transactionId, query_result: '0' },
      );
    }
    // the envelope of docs/gateway-api.md 2.6 has no encryption_data: nothing to echo, and the answer is not signed
    // (docs/protocol-decisions.md 3)
    return c.json({
      merchant_id: account.merchant_id,
      account_id: account.account_id,
      return_status: '1',
      return_message: RETURN_MESSAGE_OK,
      orders_list: list,
    });
  });
}
