/**
 * The gateway's error codes (docs/protocol-decisions.md 5). The message is the family's text; `<code>:<text>` on the
 * wire.
 */
export const GATEWAY_ERRORS = {
  I0001: 'merchant_id is empty',
  I0002: 'account_id is empty',
  I0003: 'encryption_data is empty',
  I0004: 'account does not belong to the merchant',
  I0013: 'Encryption value is incorrect',
  I0017: 'order_no is empty',
  I0018: 'order_no is too long',
  I0019: 'amount is empty',
  I0020: 'amount is invalid',
  I0021: 'amount must be greater than 0',
  I0022: 'currency is empty',
  I0023: 'currency is invalid',
  I0024: 'return_url is empty',
  I0025: 'return_url is too long',
  I0059: 'required parameter is empty',
  I0060: 'parameter is too long',
  I0061: 'a successful payment with this order_no exists',
  I0069: 'payment_method is empty',
  I0072: 'IP is not registered for query',
  I0092: 'payment method is unknown',
  I0115: 'record not found',
  E0008: 'repeated submission',
  E0009: 'Wrong operation for the order status',
  B0001: 'batch is over its limit',
  B0002: 'refund amount is over the refundable amount',
} as const;

export type GatewayErrorCode = keyof typeof GATEWAY_ERRORS;

export function isGatewayErrorCode(code: string): code is GatewayErrorCode {
  return Object.hasOwn(GATEWAY_ERRORS, code);
}

/** `<code>:<text>` as carried by error_message, refund_message and notification `message`. */
export function formatGatewayMessage(code: string, text?: string): string {
  return `${code}:${text ?? (isGatewayErrorCode(code) ? GATEWAY_ERRORS[code] : '')}`;
}

/** Splits `<code>:<text>`; a message without a colon is all text. */
export function parseGatewayMessage(message: string): { code: string; text: string } {
  const i = message.indexOf(':');
  return i < 0 ? { code: '', text: message } : { code: message.slice(0, i), text: message.slice(i + 1) };
}

/** Batch size limits per operation (docs/protocol-decisions.md 5, B0001; docs/gateway-api.md 8). */
export const BATCH_LIMIT = { capture: 50, cancel: 50, refund: 50, review: 100, query: 100 } as const;
export type BatchOperation = keyof typeof BATCH_LIMIT;
