import { sign } from '../../../shared/gateway/hashNode';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import { readJsonEnvelope, stringField } from '../core/readJsonEnvelope';
import type { RefundLookup } from '../types/query';
import { checkSignedAnswer } from './checkSignedAnswer';
import type { OperationContext } from './context';

/**
 * `/v1/retrievalRefund`: the state of refunds by their refund_reference (PROTOCOL.md 2), form-urlencoded and
 * signed like a query. A read, so the transport retries it.
 */
export async function retrievalRefund(
  ctx: OperationContext,
  refundReferences: readonly string[],
): Promise<RefundLookup> {
  if (refundReferences.length === 0) throw new GatewayRequestError('retrievalRefund', '', 'no refund references given');
  for (const ref of refundReferences) {
    if (ref === '' || ref.includes(',')) {
      throw new GatewayRequestError(
        'retrievalRefund',
        '',
        `refund references must not be empty or contain commas: ${JSON.stringify(ref)}`,
        'refund_references',
      );
    }
  }
  const ids = { merchant_id: ctx.merchantId, account_id: ctx.accountId };
  const fields = {
    ...ids,
    encryption_data: sign('retrievalRefund', ids, ctx.signKey),
    refund_references: refundReferences.join(','),
  };
  return ctx.call({
    operation: 'retrievalRefund',
    method: 'POST',
    url: ctx.url('/v1/retrievalRefund'),
    body: { type: 'form', fields },
    timeoutMs: ctx.queryTimeoutMs,
    interpret: (res) => {
      const raw = readJsonEnvelope('retrievalRefund', res);
      checkSignedAnswer(ctx, 'retrievalRefund', 'batchResponse', raw, res.status, false);
      // PROTOCOL.md does not name the list field: the sandbox's refund_list, else the answer's one array
      const list = Array.isArray(raw.refund_list) ? raw.refund_list : (Object.values(raw).find(Array.isArray) ?? []);
      return {
        returnStatus: stringField(raw, 'return_status'),
        returnMessage: typeof raw.return_message === 'string' ? raw.return_message : '',
        refunds: list.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object'),
        raw,
      };
    },
  });
}
