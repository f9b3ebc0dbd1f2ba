import { describe, expect, it } from 'vitest';
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
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'not an address',
    '',
  ])('refuses %j', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'])(
    'accepts %j',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
