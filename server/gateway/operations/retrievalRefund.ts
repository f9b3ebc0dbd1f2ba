import { sign } from '../../../shared/gateway/hashNode';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import { readJsonEnvelope, stringField } from '../core/readJsonEnvelope';
import { splitSearchLists } from '../core/splitSearchLists';
import type { REFUND_SEARCH_LISTS, RefundLookup, RefundRecord, RefundSelector } from '../types/query';
import { checkEcho } from './checkEcho';
import type { OperationContext } from './context';

/**
 * `/v1/retrievalRefund`: the state of refunds by merchant order number (`refund_orders`), refund_reference or
 * merchant refund id (docs/gateway-evidence.md 4), form fields signed like a query; the answer's list is
 * `refund_orders` and its encryption_data is ours, echoed. A read, so the transport retries it. Split like a
 * query (100 references, 1000 characters a list), the calls' lists joined into one lookup.
 */
export async function retrievalRefund(ctx: OperationContext, selector: RefundSelector): Promise<RefundLookup> {
  const calls = splitSearchLists('retrievalRefund', selector);
  if (calls.length === 0) throw new GatewayRequestError('retrievalRefund', '', 'nothing to look up');
  let lookup: RefundLookup | undefined;
  for (const lists of calls) {
    const answer = await retrievalRefundOnce(ctx, lists);
    lookup = lookup ? { ...answer, refunds: [...lookup.refunds, ...answer.refunds] } : answer;
  }
  return lookup!;
}

async function retrievalRefundOnce(
  ctx: OperationContext,
  lists: Partial<Record<(typeof REFUND_SEARCH_LISTS)[number], string>>,
): Promise<RefundLookup> {
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
