import type { GatewayOperation } from '../types/operation';

/**
 * Base of every error the gateway client throws. `outcomeUnknown` is true when the gateway may have acted on a
 * state-changing call (time-out, 5xx, network failure after sending, unreadable or unsigned answer): the caller
 * must record the outcome as unknown and resolve it by query, never by paying again.
 */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    message: string,
    readonly operation: GatewayOperation,
    readonly outcomeUnknown: boolean,
    options?: { cause?: unknown },
  ) {
    super(outcomeUnknown ? `${message}; outcome unknown, resolve it by query` : message, options);
  }
}
