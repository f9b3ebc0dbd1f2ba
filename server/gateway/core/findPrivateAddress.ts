import { lookup } from 'node:dns/promises';
import { isPublicAddress } from './isPublicAddress';

/** Every address a host name resolves to (an IP literal resolves to itself). */
type ResolveHost = (host: string) => Promise<readonly { address: string; family: number }[]>;

/** Which addresses may be connected to, and how names are resolved: the production rule, or a test's own. */
export interface AddressPolicy {
  resolve: ResolveHost;
  isPublic: (address: string) => boolean;
}

export const PUBLIC_ADDRESSES: AddressPolicy = {
  resolve: (host) => lookup(host, { all: true, verbatim: true }),
  isPublic: isPublicAddress,
};

/** The host of `url` as a resolver takes it: an IPv6 literal without its brackets. */
function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves `url`'s host once and checks every address it has (the connection may use any): the first address,
 * to connect to and to nothing else, or why there is none that may be used. A caller that connects to the name
 * instead would let it resolve again, elsewhere, between the check and the connect (DNS rebinding): the
 * transport (transport.ts) pins the connection to the address answered here.
 */
export async function resolvePublicAddress(
  url: string,
  policy: AddressPolicy = PUBLIC_ADDRESSES,
): Promise<{ address: string; family: 4 | 6 } | { refused: string }> {
  let addresses: readonly { address: string; family: number }[];
  try {
    addresses = await policy.resolve(hostOf(url));
  } catch (e) {
    return { refused: `unresolvable (${(e as NodeJS.ErrnoException).code ?? 'lookup failed'})` };
  }
  const first = addresses[0];
  if (!first) return { refused: 'no address' };
  const notPublic = addresses.find((a) => !policy.isPublic(a.address));
  if (notPublic) return { refused: notPublic.address };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * The first address `url`'s host resolves to that is not public (isPublicAddress), or a reason when it does not
 * resolve; null when every address is public. A check at registration (a shop endpoint's URL); the connection
 * itself is pinned by the transport.
 */
export async function findPrivateAddress(url: string): Promise<string | null> {
  const resolved = await resolvePublicAddress(url);
  return 'refused' in resolved ? resolved.refused : null;
}
