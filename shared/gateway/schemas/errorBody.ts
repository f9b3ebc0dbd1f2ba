import { z } from 'zod';
import { formatGatewayMessage, type GatewayErrorCode } from '../errors';
import { str } from './wire';

/**
 * The JSON error body of every JSON endpoint (PROTOCOL.md 2). It carries both styles the gateway family uses:
 * `return_status`/`return_message` and `code`/`source`/`message`.
 */
export const errorBody = z.object({
  return_status: z.literal('0', { error: 'must be "0"' }),
  /** `<code>:<text>` */
  return_message: str,
  code: z.string().min(1, 'must not be empty'),
  /** the field at fault, or "" */
  source: str,
  message: str,
});

export type ErrorBody = z.infer<typeof errorBody>;

/** Builds the body for `code` at `source`; the text defaults to the catalogue's (errors.ts). */
export function gatewayErrorBody(code: GatewayErrorCode, source = '', text?: string): ErrorBody {
  const return_message = formatGatewayMessage(code, text);
  return { return_status: '0', return_message, code, source, message: return_message.slice(code.length + 1) };
}
