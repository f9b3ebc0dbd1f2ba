import { verify } from '../../../shared/gateway/hashNode';
import { GatewayProtocolError } from '../errors/GatewayProtocolError';
import type { GatewayOperation } from '../types/operation';
import type { OperationContext } from './context';

/**
 * Checks that a JSON answer is about this merchant account and carries a valid encryption_data over
 * PROTOCOL.md 3's response fields, with any of the account's keys.
 *
 * `required`: batch and payout answers must be signed (PROTOCOL.md 3). Query answers are not promised a
 * signature, so one is checked only when present: a wrong signature is still a forgery, while a missing one is
 * just the documented format.
 */
export function checkSignedAnswer(
  ctx: OperationContext,
  operation: GatewayOperation,
  kind: 'batchResponse' | 'payoutResponse',
  answer: Record<string, unknown>,
  httpStatus: number,
  required = true,
): void {
  const signed = answer.encryption_data !== undefined && answer.encryption_data !== '';
  if ((required || signed) && !verify(kind, answer, answer.encryption_data, ctx.verifyKeys)) {
    // a state-changing call whose answer is forged or garbled may still have been carried out
    const unknown = operation !== 'query' && operation !== 'retrievalRefund';
    throw new GatewayProtocolError(
      operation,
      'the answer is unsigned or its signature does not verify',
      unknown,
      httpStatus,
    );
  }
  if ((answer.merchant_id !== undefined || required) && answer.merchant_id !== ctx.merchantId) {
    throw new Error('the answer is for another merchant');
  }
  if ((answer.account_id !== undefined || required) && answer.account_id !== ctx.accountId) {
    throw new Error('the answer is for another merchant account');
  }
}
