import { parseGatewayMessage } from '../../../shared/gateway/errors';
import { RETURN_STATUS } from '../../../shared/gateway/status';
import { GatewayRejectedError } from '../errors/GatewayRejectedError';
import type { GatewayOperation } from '../types/operation';
import type { GatewayHttpResponse } from './callGateway';

/**
 * A 2xx JSON answer as an object. `return_status` "0" is the gateway refusing the call even though it answered
 * 2xx, so it becomes a rejection with the code from `return_message` (`<code>:<text>`). Throws a plain Error
 * (a protocol fault) when the body is not a JSON object.
 */
export function readJsonEnvelope(operation: GatewayOperation, res: GatewayHttpResponse): Record<string, unknown> {
  if (!/\bjson\b/i.test(res.contentType)) throw new Error(`expected JSON, got "${res.contentType}"`);
  const body: unknown = JSON.parse(res.text);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('the answer is not a JSON object');
  const envelope = body as Record<string, unknown>;
  if (envelope.return_status === RETURN_STATUS.REJECTED) {
    const { code, text } = parseGatewayMessage(String(envelope.return_message ?? ''));
    throw new GatewayRejectedError(
      operation,
      String(envelope.code ?? code),
      String(envelope.source ?? ''),
      String(envelope.message ?? text),
      res.status,
    );
  }
  return envelope;
}

/** A string field of the envelope, or a protocol fault naming it. */
export function stringField(envelope: Record<string, unknown>, name: string): string {
  const value = envelope[name];
  if (typeof value !== 'string') throw new Error(`${name} is missing or not a string`);
  return value;
}
