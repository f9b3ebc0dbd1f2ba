import { sameSignature } from '../../../shared/gateway/hashNode';
import { GatewayProtocolError } from '../errors/GatewayProtocolError';
import type { GatewayOperation } from '../types/operation';
import type { OperationContext } from './context';

/**
 * Checks that a JSON answer is about this merchant account and that its encryption_data is the request's own,
 * echoed (docs/protocol-decisions.md 3, docs/gateway-evidence.md 2), compared in constant time. The echo is a
 * correlation check: the answer's authenticity comes from TLS to the gateway's address.
 *
 * `required`: batch, refund-search and payout answers carry the echo. Query answers are not shown with one, so
 * it is checked only when present. A mismatch on a money-moving call means the answer may be about another
 * request while ours may have been carried out: its outcome is unknown.
 */
export function checkEcho(
  ctx: OperationContext,
  operation: GatewayOperation,
  answer: Record<string, unknown>,
  sent: string,
  httpStatus: number,
  required = true,
): void {
  const echoed = answer.encryption_data !== undefined && answer.encryption_data !== '';
  if ((required || echoed) && !sameSignature(answer.encryption_data, sent)) {
    const unknown = operation !== 'query' && operation !== 'retrievalRefund';
    throw new GatewayProtocolError(
      operation,
      echoed
        ? "the answer's encryption_data is not the one this request sent"
        : "the answer carries no encryption_data (the request's own value, echoed)",
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
