import type { Context } from 'hono';
import type { GatewayProfile } from '../../shared/gateway/profile';
import { GatewayError } from './gatewayError';

/**
 * A sandbox started with a profile holds each call to the Content-Type the profile names for it
 * (docs/protocol-decisions.md 9, `contentTypes`), as a gateway that reads a body by its content type would; a call
 * under another one is refused (I0059, source `content-type`). Without a profile it reads any, as
 * `readFields` says. Only the media type counts (`; charset=...` is ignored).
 */
export function checkContentType(
  c: Context,
  deps: { profile: GatewayProfile; strictContentTypes?: boolean },
  call: keyof GatewayProfile['contentTypes'],
): void {
  if (!deps.strictContentTypes) return;
  const expected = deps.profile.contentTypes[call];
  const given = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (given !== expected)
    throw new GatewayError(
      'I0059',
      'content-type',
      `Content-Type ${JSON.stringify(given || '(none)')} is not read here: send this call as ${expected}`,
    );
}
