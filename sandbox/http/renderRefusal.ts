import type { Context } from 'hono';
import type { GatewayProfile } from '../../shared/gateway/profile';
import { escapeHtml } from '../pages/escapeHtml';
import type { GatewayError } from './gatewayError';

/** Where a refused call's envelope goes: authorise answers XML, checkout's step 1 (the merchant's call) JSON. */
export type RefusalFormat = 'json' | 'xml';

/**
 * A refused checkout or authorise from a gateway that refuses with a 200 (`refusals.httpStatus` 200,
 * docs/protocol-decisions.md 9): HTTP 200 and the profile's envelope, its `statusField` holding the first of
 * `refusedValues` and its `messageField` `<code>:<text>`, beside the code, the blamed field and the text as the
 * JSON error body carries them (docs/protocol-decisions.md 2). Nothing was created, exactly as with the HTTP error.
 */
export function renderRefusal(c: Context, err: GatewayError, profile: GatewayProfile, format: RefusalFormat): Response {
  const { statusField, refusedValues, messageField } = profile.refusals;
  const fields: [string, string][] = [
    [statusField, refusedValues[0] ?? '0'],
    [messageField, `${err.code}:${err.text}`],
    ['code', err.code],
    ['source', err.source],
    ['message', err.text],
  ];
  if (format === 'json') return c.json(Object.fromEntries(fields), 200);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<respon>${fields.map(([k, v]) => `<${k}>${escapeHtml(v)}</${k}>`).join('')}</respon>`;
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
}
