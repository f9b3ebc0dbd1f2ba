import { type GatewayProfile, readRefusal } from '../../../shared/gateway/profile';
import { GatewayRejectedError } from '../errors/GatewayRejectedError';
import type { GatewayOperation } from '../types/operation';
import type { GatewayHttpResponse } from './callGateway';
import { parseXml } from './parseXml';

/**
 * A 2xx answer of checkout or authorise that is a refusal in the profile's envelope (`refusals`,
 * docs/protocol-decisions.md 9): `{"return_status":"0","return_message":"I0013:..."}` as JSON, or the same fields in
 * an XML `<respon>`. Returned as the GatewayRejectedError the same refusal as an HTTP 4xx would be (nothing was
 * created, the shopper may pay again), with the code and text of `return_message`, or the envelope's own `code`,
 * `source` and `message` where it carries them. Undefined when the answer is anything else (the caller reads it
 * as its usual answer).
 */
export function refusalIn(
  operation: GatewayOperation,
  profile: GatewayProfile,
  res: GatewayHttpResponse,
): GatewayRejectedError | undefined {
  const fields = envelopeOf(res);
  if (!fields) return undefined;
  const refusal = readRefusal(profile, fields);
  if (!refusal) return undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const code = /^[A-Z]\d{4}$/.test(refusal.code) ? refusal.code : str(fields.code);
  return new GatewayRejectedError(
    operation,
    code,
    str(fields.source),
    refusal.text || str(fields.message) || refusal.code,
    res.status,
  );
}

function envelopeOf(res: GatewayHttpResponse): Record<string, unknown> | undefined {
  const text = res.text.trim();
  if (/\bjson\b/i.test(res.contentType) || text.startsWith('{')) {
    try {
      const body: unknown = JSON.parse(text);
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  // an HTML page (the checkout's loading page) starts with a DOCTYPE, which parseXml refuses: not parsed at all, since
  // a failed parse built an XmlError and its stack at every card payment
  if (/^<!doctype\b/i.test(text)) return undefined;
  if (/\bxml\b/i.test(res.contentType) || text.startsWith('<')) {
    try {
      return parseXml(text).fields;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
