import { findPrivateAddress } from '../gateway';

/**
 * Why `url` cannot receive events, or null when it can. Any http(s) URL in development (a shop's test
 * receiver on this machine); in production (NODE_ENV=production) HTTPS only, and never a host that resolves to
 * anything but a global unicast address (private, loopback, link-local, documentation, benchmarking, NAT64,
 * 6to4, ...: isPublicAddress): the backend posts to it, so an owner's URL must not reach into the backend's own
 * network (the rule the gateway's issuer_url follows, findPrivateAddress). `resolve: false` checks the URL's
 * form only, for a caller whose connection checks the address it connects to (deliverOne).
 */
export async function checkEndpointUrl(
  url: string,
  production: boolean,
  { resolve = true }: { resolve?: boolean } = {},
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an http(s) URL';
  if (parsed.username || parsed.password) return 'must not carry a user name or password';
  if (url.length > 2000) return 'must be at most 2000 characters';
  if (!production) return null;
  if (parsed.protocol !== 'https:') return 'must be HTTPS when NODE_ENV=production';
  if (!resolve) return null;
  const privateAddress = await findPrivateAddress(url);
  return privateAddress === null ? null : `must be a public address (the host resolves to ${privateAddress})`;
}
