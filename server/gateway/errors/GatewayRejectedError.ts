import type { GatewayOperation } from '../types/operation';
import { GatewayError } from './GatewayError';

/** The gateway refused the call with one of its codes (docs/protocol-decisions.md 5), e.g. I0061. Nothing was done. */
export class GatewayRejectedError extends GatewayError {
  override name = 'GatewayRejectedError';
  constructor(
    operation: GatewayOperation,
    /** e.g. "I0013"; empty when the gateway gave no code */
    readonly code: string,
    /** the field the gateway blames, when it names one */
    readonly source: string,
    readonly gatewayMessage: string,
    readonly httpStatus: number,
  ) {
    super(
      `${operation} rejected by the gateway: ${code || 'no code'}${source ? ` (${source})` : ''}: ${gatewayMessage}`,
      operation,
      false,
    );
  }
}
