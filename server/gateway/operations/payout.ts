import { sign } from '../../../shared/gateway/hashNode';
import { PAYOUT_STATUS } from '../../../shared/gateway/status';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import { readJsonEnvelope, stringField } from '../core/readJsonEnvelope';
import type { PayoutRequest, PayoutResponse } from '../types/payout';
import { checkEcho } from './checkEcho';
import type { OperationContext } from './context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/v1/payout`: JSON, signed over request_id and the amount; the answer echoes that signature
 * (docs/protocol-decisions.md 3) and must be about our request_id. The transport retries it on time-outs and 5xx with
 * the same request_id, which the gateway dedupes, so a retry can only return the payout already made.
 */
export async function payout(ctx: OperationContext, request: PayoutRequest): Promise<PayoutResponse> {
  if (!UUID.test(request.request_id)) {
    throw new GatewayRequestError('payout', '', 'request_id must be a UUID (it is the idempotency key)', 'request_id');
  }
  const ids = { merchant_id: ctx.merchantId, account_id: ctx.accountId };
  const fields: Record<string, unknown> = { ...ids, ...request, ...ids };
  delete fields.encryption_data;
  const signature = sign('payout', fields, ctx.signKey, ctx.profile);
  fields.encryption_data = signature;
  return ctx.call({
    operation: 'payout',
    method: 'POST',
    url: ctx.url('/v1/payout'),
    body: { type: 'json', fields, contentType: ctx.profile.contentTypes.payout },
    timeoutMs: ctx.timeoutMs,
    interpret: (res) => {
      const answer = readJsonEnvelope('payout', res);
      checkEcho(ctx, 'payout', answer, signature, res.status);
      if (answer.request_id !== request.request_id) throw new Error('the answer is for another request_id');
      stringField(answer, 'transaction_id');
      const status = stringField(answer, 'status');
      if (!(PAYOUT_STATUS as readonly string[]).includes(status))
        throw new Error(`unknown payout status ${JSON.stringify(status)}`);
      return answer as PayoutResponse;
    },
  });
}
