import { BlockList, isIP } from 'node:net';

/**
 * Global unicast only. IPv4: everything but the ranges of IANA's IPv4 Special-Purpose Address Registry (RFC 6890
 * and its updates: private networks, loopback, link-local where cloud metadata services sit at 169.254.169.254,
 * "this network", carrier-grade NAT, the IETF protocol block 192.0.0.0/24, documentation, benchmarking
 * 198.18.0.0/15, the 6to4 relay and AS112 blocks), multicast and the reserved 240.0.0.0/4 (with the broadcast
 * address). Entries the registry marks globally reachable (anycast services, AS112) are refused too: no web page
 * a shop or an issuer serves lives there.
 */
const NOT_PUBLIC_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');

/**
 * IPv6: the global unicast block 2000::/3 and nothing outside it, which leaves out loopback, the unspecified
 * address, every form that embeds an IPv4 address (IPv4-mapped ::ffff:0:0/96, the deprecated IPv4-compatible
 * ::/96 such as [::127.0.0.1], NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48), discard-only 100::/64,
 * unique-local fc00::/7, link-local fe80::/10 and multicast ff00::/8. Inside 2000::/3, the IPv6 Special-Purpose
 * Address Registry's blocks are refused: the IETF protocol assignments 2001::/23 (Teredo, which carries an IPv4
 * address, benchmarking, ORCHID), documentation 2001:db8::/32 and 3fff::/20, 6to4 2002::/16 (an IPv4 address
 * again), AS112 2620:4f:8000::/48 and segment routing 5f00::/16.
 */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');
// apart from the IPv4 list: Node matches an IPv4 address against the IPv4-mapped IPv6 range too
const NOT_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
] as const)
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

/** True for a global unicast IP address (see above); false for any other address and for a non-address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  // a zone index (fe80::1%eth0) names a link: never global
  if (family !== 6 || address.includes('%')) return false;
  return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !NOT_PUBLIC_V6.check(address, 'ipv6');
}
