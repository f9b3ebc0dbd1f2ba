import { BlockList, isIP } from 'node:net';

/**
 * Addresses no public web page lives at: private networks, loopback, link-local (cloud metadata services sit at
 * 169.254.169.254), "this host", carrier-grade NAT, multicast and reserved ranges, and the IPv6 forms that embed
 * an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96), which could smuggle any of the above.
 */
const NOT_PUBLIC_V4 = new BlockList();
// apart: Node matches an IPv4 address against the IPv4-mapped IPv6 range too, which would refuse every one
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

/** True for an IP address on the public internet; false for any other address and for a non-address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}
