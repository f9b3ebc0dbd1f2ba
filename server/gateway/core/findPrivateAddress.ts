import { lookup } from 'node:dns/promises';
import { isPublicAddress } from './isPublicAddress';

/**
 * The first address `url`'s host resolves to that is not public (isPublicAddress), or a reason when it does not
 * resolve; null when every address is public. All addresses count, since the connection may use any of them.
 *
 * The connection resolves the name again, so a DNS server that answers differently the second time (rebinding)
 * is not stopped here; SECURITY.md lists it.
 */
export async function findPrivateAddress(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (e) {
    return `unresolvable (${(e as NodeJS.ErrnoException).code ?? 'lookup failed'})`;
  }
  return addresses.find((a) => !isPublicAddress(a.address))?.address ?? (addresses.length ? null : 'no address');
}
