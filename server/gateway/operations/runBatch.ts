import { BATCH_LIMIT, parseGatewayMessage } from '../../../shared/gateway/errors';
import { sign } from '../../../shared/gateway/hashNode';
import { ITEM_STATUS } from '../../../shared/gateway/status';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import { readJsonEnvelope, stringField } from '../core/readJsonEnvelope';
import type { BatchItemResult, BatchOrder, BatchResult } from '../types/batch';
import { checkEcho } from './checkEcho';
import type { OperationContext } from './context';

export type BatchKind = 'capture' | 'cancel' | 'review' | 'refund';

/** The list field and item status field of each batch (docs/gateway-api.md 2.5). */
const SHAPE: Record<BatchKind, { list: string; status: string; message: string }> = {
  capture: { list: 'capture_orders', status: 'capture_status', message: 'error_message' },
  cancel: { list: 'cancel_orders', status: 'cancel_status', message: 'error_message' },
  review: { list: 'review_orders', status: 'review_status', message: 'error_message' },
  // a failed refund may explain itself in refund_message as well as in error_message
  refund: { list: 'refund_orders', status: 'refund_status', message: 'refund_message' },
};

/**
 * One batch call: JSON body signed over the items' transaction_ids, the answer's echo of that signature checked.
 * Splitting into batches is the caller's job; a batch over the limit is refused here before anything is sent,
 * because the gateway would refuse it whole (B0001). Items come back as the gateway reported them: match them
 * to orders by transaction_id; an order missing from the answer has an unknown outcome.
 */
export async function runBatch(
  ctx: OperationContext,
  kind: BatchKind,
  items: readonly BatchOrder[],
): Promise<BatchResult> {
  const limit = BATCH_LIMIT[kind];
  if (items.length === 0) throw new GatewayRequestError(kind, '', 'a batch needs at least one item');
  if (items.length > limit) {
    throw new GatewayRequestError(kind, 'B0001', `${items.length} items is over the limit of ${limit} per call`);
  }
  const { list, status, message } = SHAPE[kind];
  const fields: Record<string, unknown> = {
    merchant_id: ctx.merchantId,
    account_id: ctx.accountId,
    [list]: items.map((i) => ({ ...i })),
  };
  const signature = sign(kind, fields, ctx.signKey, ctx.profile);
  fields.encryption_data = signature;

  return ctx.call({
    operation: kind,
    method: 'POST',
    url: ctx.url(`/v1/${kind}`),
    body: { type: 'json', fields, contentType: ctx.profile.contentTypes[kind] },
    timeoutMs: ctx.timeoutMs,
    interpret: (res) => {
      const envelope = readJsonEnvelope(kind, res);
      checkEcho(ctx, kind, envelope, signature, res.status);
      const answered = envelope[list];
      if (!Array.isArray(answered)) throw new Error(`${list} is not an array`);
      return {
        returnStatus: stringField(envelope, 'return_status'),
        returnMessage: typeof envelope.return_message === 'string' ? envelope.return_message : '',
        items: answered.map((raw, i) => toItemResult(raw, i, status, message)),
      };
    },
  });
}

function toItemResult(raw: unknown, index: number, statusField: string, messageField: string): BatchItemResult {
  if (!raw || typeof raw !== 'object') throw new Error(`item ${index} is not an object`);
  const item = raw as Record<string, unknown>;
  const text = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : '');
  const ok = item[statusField] === ITEM_STATUS.OK;
  const result: BatchItemResult = { ...item, transaction_id: text('transaction_id'), order_no: text('order_no'), ok };
  if (!ok) {
    const { code, text: errorText } = parseGatewayMessage(text('error_message') || text(messageField));
    result.errorCode = code;
    result.errorText = errorText || 'failed without a message';
  }
  return result;
}
