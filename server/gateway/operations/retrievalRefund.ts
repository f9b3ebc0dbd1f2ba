import { BATCH_LIMIT } from '../../../shared/gateway/errors';
import { sign } from '../../../shared/gateway/hashNode';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import { readJsonEnvelope, stringField } from '../core/readJsonEnvelope';
import { REFUND_SEARCH_LISTS, type RefundLookup, type RefundRecord, type RefundSelector } from '../types/query';
import { checkEcho } from './checkEcho';
import type { OperationContext } from './context';

/** Each list travels comma-separated and may hold at most 1000 characters (GATEWAY-DOCS.md 4). */
const MAX_LIST_CHARS = 1000;

/**
 * `/v1/retrievalRefund`: the state of refunds by merchant order number (`refund_orders`), refund_reference or
 * merchant refund id (GATEWAY-DOCS.md 4), form fields signed like a query; the answer's list is
 * `refund_orders` and its encryption_data is ours, echoed. A read, so the transport retries it.
 */
export async function retrievalRefund(ctx: OperationContext, selector: RefundSelector): Promise<RefundLookup> {
  let count = 0;
  const lists: Record<string, string | undefined> = {};
  for (const name of REFUND_SEARCH_LISTS) {
    const values = selector[name] ?? [];
    for (const value of values) {
      if (value === '' || value.includes(',')) {
        throw new GatewayRequestError(
          'retrievalRefund',
          '',
          `${name} must not contain empty values or commas: ${JSON.stringify(value)}`,
          name,
        );
      }
    }
    const joined = values.join(',');
    if (joined.length > MAX_LIST_CHARS) {
      throw new GatewayRequestError('retrievalRefund', '', `${name} is over ${MAX_LIST_CHARS} characters`, name);
    }
    count += values.length;
    lists[name] = joined || undefined;
  }
  if (count === 0) throw new GatewayRequestError('retrievalRefund', '', 'nothing to look up');
  if (count > BATCH_LIMIT.query) {
    throw new GatewayRequestError('retrievalRefund', 'B0001', `${count} references is over ${BATCH_LIMIT.query}`);
  }
  const ids = { merchant_id: ctx.merchantId, account_id: ctx.accountId };
  const signature = sign('retrievalRefund', ids, ctx.signKey, ctx.profile);
  return ctx.call({
    operation: 'retrievalRefund',
    method: 'POST',
    url: ctx.url('/v1/retrievalRefund'),
    body: {
      type: 'form',
      fields: { ...ids, encryption_data: signature, ...lists },
      contentType: ctx.profile.contentTypes.retrievalRefund,
    },
    timeoutMs: ctx.queryTimeoutMs,
    interpret: (res) => {
      const raw = readJsonEnvelope('retrievalRefund', res);
      checkEcho(ctx, 'retrievalRefund', raw, signature, res.status);
      const list = raw.refund_orders ?? [];
      if (!Array.isArray(list)) throw new Error('refund_orders is not an array');
      return {
        returnStatus: stringField(raw, 'return_status'),
        returnMessage: typeof raw.return_message === 'string' ? raw.return_message : '',
        refunds: list.map((r, i) => {
          if (!r || typeof r !== 'object') throw new Error(`refund_orders[${i}] is not an object`);
          return r as RefundRecord;
        }),
        raw,
      };
    },
  });
}
