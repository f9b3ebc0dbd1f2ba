import { sign } from '../../../shared/gateway/hashNode';
import { BATCH_LIMIT } from '../../../shared/gateway/errors';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import { readJsonEnvelope } from '../core/readJsonEnvelope';
import type { QuerySelector, TransactionRecord } from '../types/query';
import { checkEcho } from './checkEcho';
import type { OperationContext } from './context';

/**
 * `/v1/retrievalTrans`: looks up orders (order_no) and trades (transaction_id), split into calls of at most
 * 100 references in all, each list at most 1000 characters (GATEWAY-DOCS.md 5), sent one after another so one
 * sync never floods the gateway.
 * The records come back in the gateway's order, including "not found" ones (`query_result` "0").
 */
export async function query(ctx: OperationContext, selector: QuerySelector): Promise<TransactionRecord[]> {
  const refs = [
    ...(selector.orders ?? []).map((value) => ({ list: 'orders' as const, value })),
    ...(selector.trades ?? []).map((value) => ({ list: 'trades' as const, value })),
  ];
  for (const ref of refs) {
    // the lists travel comma-separated: a comma inside a reference would silently ask for two others
    if (ref.value === '' || ref.value.includes(',')) {
      throw new GatewayRequestError(
        'query',
        '',
        `${ref.list} must not contain empty values or commas: ${JSON.stringify(ref.value)}`,
        ref.list,
      );
    }
  }
  const records: TransactionRecord[] = [];
  for (const chunk of splitQuery(refs)) {
    const join = (list: 'orders' | 'trades') =>
      chunk
        .filter((r) => r.list === list)
        .map((r) => r.value)
        .join(',') || undefined;
    records.push(...(await queryOnce(ctx, join('orders'), join('trades'))));
  }
  return records;
}

/** Each list travels comma-separated and may hold at most this many characters (GATEWAY-DOCS.md 5). */
const MAX_LIST_CHARS = 1000;

type Ref = { list: 'orders' | 'trades'; value: string };

/** Calls of at most BATCH_LIMIT.query references in all, neither list over MAX_LIST_CHARS, in the given order. */
function splitQuery(refs: readonly Ref[]): Ref[][] {
  const chunks: Ref[][] = [];
  let chunk: Ref[] = [];
  const chars = { orders: 0, trades: 0 };
  for (const ref of refs) {
    if (ref.value.length > MAX_LIST_CHARS)
      throw new GatewayRequestError('query', '', `${ref.list} value over ${MAX_LIST_CHARS} characters`, ref.list);
    const added = chars[ref.list] === 0 ? ref.value.length : ref.value.length + 1;
    if (chunk.length === BATCH_LIMIT.query || chars[ref.list] + added > MAX_LIST_CHARS) {
      chunks.push(chunk);
      chunk = [];
      chars.orders = 0;
      chars.trades = 0;
    }
    chars[ref.list] += chars[ref.list] === 0 ? ref.value.length : ref.value.length + 1;
    chunk.push(ref);
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
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
