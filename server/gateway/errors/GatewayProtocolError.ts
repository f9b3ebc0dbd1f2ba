import type { GatewayOperation } from '../types/operation';
import { GatewayError } from './GatewayError';

/** The answer could not be trusted: unparseable, not the documented shape, unsigned or badly signed. */
export class GatewayProtocolError extends GatewayError {
  override name = 'GatewayProtocolError';
  constructor(
    operation: GatewayOperation,
    message: string,
    outcomeUnknown: boolean,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(`${operation}: ${message}`, operation, outcomeUnknown, options);
  }
}
