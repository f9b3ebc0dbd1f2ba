import { GATEWAY_ERRORS, type GatewayErrorCode } from '../../shared/gateway/errors';

export type ErrorStatus = 400 | 403 | 404 | 413;

/**
 * A request the gateway rejects as a whole (docs/protocol-decisions.md 2 and 5). `source` names the offending field;
 * the route's format (JSON, XML or HTML) decides how it is rendered, in one place (`renderGatewayError`).
 */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    readonly code: GatewayErrorCode,
    readonly source = '',
    /** a sharper text than the catalogue's, e.g. what exactly is wrong with the value */
    readonly text: string = GATEWAY_ERRORS[code],
    readonly status: ErrorStatus = 400,
  ) {
    super(`${code}:${text}`);
  }
}
