import { isHttpUrl } from '../core/isHttpUrl';
import type { CallOptions } from '../types/client';
import type { OperationContext } from './context';

/**
 * PROTOCOL.md 8: GET issuer_url without following redirects. A 3xx Location is the issuer page to send the
 * shopper to (made absolute against issuer_url); a 2xx means issuer_url is that page itself.
 */
export function resolveIssuerPage(ctx: OperationContext, issuerUrl: string, call?: CallOptions): Promise<string> {
  return ctx.call({
    operation: 'issuerPage',
    method: 'GET',
    url: issuerUrl,
    timeoutMs: ctx.timeoutMs,
    acceptRedirect: true,
    call,
    interpret: (res) => {
      if (res.status >= 300) {
        const location = res.headers.get('location');
        if (!location) throw new Error(`HTTP ${res.status} without a Location`);
        const target = new URL(location, issuerUrl).toString();
        if (!isHttpUrl(target)) throw new Error(`Location is not an http(s) URL: ${JSON.stringify(location)}`);
        return target;
      }
      return issuerUrl;
    },
  });
}
