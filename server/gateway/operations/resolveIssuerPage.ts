import { findPrivateAddress } from '../core/findPrivateAddress';
import { isHttpUrl } from '../core/isHttpUrl';
import { GatewayProtocolError } from '../errors/GatewayProtocolError';
import type { CallOptions } from '../types/client';
import type { OperationContext } from './context';

/**
 * docs/protocol-decisions.md 8: GET issuer_url without following redirects. A 3xx Location is the issuer page to send
 * the shopper to (made absolute against issuer_url); a 2xx means issuer_url is that page itself. With
 * `publicIssuerHostsOnly` (production) a host that resolves to anything but a global unicast address
 * (isPublicAddress) is not fetched at all, and one that does is fetched from the address checked.
 */
export async function resolveIssuerPage(ctx: OperationContext, issuerUrl: string, call?: CallOptions): Promise<string> {
  if (ctx.publicIssuerHostsOnly) {
    // issuer_url comes in an unsigned answer (docs/protocol-decisions.md 3): fetched blindly, it would let whoever
    // forges that answer make the backend call its own network (databases, the cloud metadata service at
    // 169.254.169.254). The payment already exists at the gateway, so its outcome is unknown and a query resolves it.
    const privateAddress = await findPrivateAddress(issuerUrl);
    if (privateAddress !== null)
      throw new GatewayProtocolError(
        'issuerPage',
        `issuer_url host ${new URL(issuerUrl).host} is ${privateAddress}, not a public address; not fetched`,
        true,
      );
  }
  return ctx.call({
    operation: 'issuerPage',
    method: 'GET',
    url: issuerUrl,
    timeoutMs: ctx.timeoutMs,
    acceptRedirect: true,
    // and the connection goes to the address checked, so a name cannot resolve elsewhere in between (rebinding)
    publicAddressOnly: ctx.publicIssuerHostsOnly,
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
