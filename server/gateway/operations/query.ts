import { sign } from '../../../shared/gateway/hashNode';
import { readJsonEnvelope } from '../core/readJsonEnvelope';
import { splitSearchLists } from '../core/splitSearchLists';
import type { QuerySelector, TransactionRecord } from '../types/query';
import { checkEcho } from './checkEcho';
import type { OperationContext } from './context';

/**
 * `/v1/retrievalTrans`: looks up orders (order_no) and trades (transaction_id), split into calls of at most
 * 100 references in all, each list at most 1000 characters (docs/gateway-evidence.md 5), sent one after another so one
 * sync never floods the gateway.
 * The records come back in the gateway's order, including "not found" ones (`query_result` "0").
 */
export async function query(ctx: OperationContext, selector: QuerySelector): Promise<TransactionRecord[]> {
  const records: TransactionRecord[] = [];
  for (const call of splitSearchLists('query', { orders: selector.orders, trades: selector.trades }))
    records.push(...(await queryOnce(ctx, call.orders, call.trades)));
  return records;
}

async function queryOnce(ctx: OperationContext, orders?: string, trades?: string): Promise<TransactionRecord[]> {
  const ids = { merchant_id: ctx.merchantId, account_id: ctx.accountId };
  const signature = sign('query', ids, ctx.signKey, ctx.profile);
  const fields = { ...ids, encryption_data: signature, orders, trades };
  return ctx.call({
    operation: 'query',
    method: 'POST',
    url: ctx.url('/v1/retrievalTrans'),
    body: { type: 'form', fields, contentType: ctx.profile.contentTypes.query },
    timeoutMs: ctx.queryTimeoutMs,
    interpret: (res) => {
      const envelope = readJsonEnvelope('query', res);
      checkEcho(ctx, 'query', envelope, signature, res.status, false);
      const list = envelope.orders_list ?? [];
      if (!Array.isArray(list)) throw new Error('orders_list is not an array');
      return list.map((record, i) => {
        if (!record || typeof record !== 'object' || typeof (record as TransactionRecord).query_result !== 'string') {
          throw new Error(`orders_list[${i}] has no query_result`);
        }
        return record as TransactionRecord;
      });
    },
  });
}
