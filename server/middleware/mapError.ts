import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { API_ERROR, type ErrorBody } from '../../shared/contract/errors';
import { ApiError } from '../apiError';
import { GatewayError } from '../gateway';
import type { Logger } from '../log';

/**
 * The one error mapper: every failure leaves as `{error:{code, message, fields?}}`. Caller errors keep their
 * message; anything unexpected is logged with the request id and answered with a generic 500, so no internal
 * detail (or secret) reaches the caller.
 */
export function mapError(log: Logger): ErrorHandler {
  return function mapErrorToResponse(err, c) {
    const requestId = c.get('requestId' as never) as string | undefined;
    if (err instanceof ApiError) {
      const body: ErrorBody = {
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      };
      return c.json(body, err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      return c.json(
        {
          error: {
            code: err.status === 413 ? API_ERROR.payload_too_large : API_ERROR.invalid_request,
            message: err.message || 'invalid request',
          },
        },
        err.status,
      );
    }
    if (err instanceof GatewayError) {
      log.warn({ requestId, err: { name: err.name, message: err.message } }, 'gateway error');
      return c.json(
        {
          error: {
            code: API_ERROR.gateway_unavailable,
            message: 'the payment gateway is not available, please try again later',
          },
        },
        503,
      );
    }
    log.error({ requestId, err }, 'unhandled error');
    return c.json(
      { error: { code: API_ERROR.internal, message: `internal error (request ${requestId ?? 'unknown'})` } },
      500,
    );
  };
}
