import type { GatewayOperation } from '../types/operation';
import { GatewayError } from './GatewayError';

/** The gateway answered 5xx (its own fault) or could not be reached over the network. */
export class GatewayUnavailableError extends GatewayError {
  override name = 'GatewayUnavailableError';
  constructor(
    operation: GatewayOperation,
    message: string,
    outcomeUnknown: boolean,
    /** the 5xx status; undefined for a network failure */
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(`${operation}: ${message}`, operation, outcomeUnknown, options);
  }
}
