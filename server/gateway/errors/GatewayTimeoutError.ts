import type { GatewayOperation } from '../types/operation';
import { GatewayError } from './GatewayError';

/** No complete answer within the time limit; the request may have been processed. */
export class GatewayTimeoutError extends GatewayError {
  override name = 'GatewayTimeoutError';
  constructor(
    operation: GatewayOperation,
    readonly timeoutMs: number,
    outcomeUnknown: boolean,
  ) {
    super(`${operation}: no answer from the gateway within ${timeoutMs} ms`, operation, outcomeUnknown);
  }
}
