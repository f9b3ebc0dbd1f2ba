import { describe, expect, it } from 'vitest';
import { checkEndpointUrl } from '../../shopEvents/checkEndpointUrl';
import { findPrivateAddress } from './findPrivateAddress';
import { isPublicAddress } from './isPublicAddress';

describe('isPublicAddress', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.8.8',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'not an address',
    '',
  ])('refuses %j', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // #33: the check let these through. Only global unicast passes (the IANA special-purpose registries).
  it.each([
    ['::7f00:1', 'IPv4-compatible ::127.0.0.1 (deprecated ::/96)'],
    ['::a9fe:a9fe', 'IPv4-compatible ::169.254.169.254'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 64:ff9b:1::/48'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1 (2002::/16)'],
    ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254'],
    ['198.18.0.1', 'benchmarking 198.18.0.0/15'],
    ['198.19.255.254', 'benchmarking, second half'],
    ['192.0.0.1', 'IETF protocol assignments 192.0.0.0/24'],
    ['192.0.0.9', 'PCP anycast, in 192.0.0.0/24'],
    ['192.0.2.10', 'documentation TEST-NET-1'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.7', 'documentation TEST-NET-3'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['2001::1', 'Teredo 2001::/32'],
    ['2001:2::1', 'benchmarking 2001:2::/48'],
    ['2001:db8::1', 'documentation 2001:db8::/32'],
    ['3fff::1', 'documentation 3fff::/20'],
    ['100::1', 'discard-only 100::/64'],
    ['5f00::1', 'segment routing 5f00::/16'],
    ['ff02::1', 'multicast'],
  ])('refuses %j: %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '198.20.0.1',
    '192.0.3.1',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    '2a00:1450:4001:82b::200e',
    '2001:4860:4860::8888',
  ])('accepts %j', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    'https://[::127.0.0.1]/events',
    'https://[64:ff9b:1::a00:1]/events',
    'https://[2002:7f00:1::1]/events',
    'https://198.18.0.1/events',
    'https://192.0.0.170/events',
    'https://[::ffff:169.254.169.254]/events',
  ])('refuses the URL %s as an issuer_url and, in production, as a shop endpoint', async (url) => {
    expect(await findPrivateAddress(url)).not.toBeNull();
    expect(await checkEndpointUrl(url, true)).toMatch(/^must be a public address \(the host resolves to /);
  });
});
