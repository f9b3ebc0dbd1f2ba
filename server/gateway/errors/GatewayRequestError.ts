import type { GatewayOperation } from '../types/operation';
import { GatewayError } from './GatewayError';

/**
 * Refused by the client before anything was sent (e.g. a batch over its limit, B0001), so the gateway
 * certainly did nothing.
 */
export class GatewayRequestError extends GatewayError {
  override name = 'GatewayRequestError';
  constructor(
    operation: GatewayOperation,
    /** the gateway code the call would have earned, e.g. "B0001" */
    readonly code: string,
    message: string,
    readonly source = '',
  ) {
    super(`${operation}: ${message}`, operation, false);
  }
}
