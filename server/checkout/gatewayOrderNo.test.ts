import { describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { gatewayOrderNo } from './gatewayOrderNo';

describe('gatewayOrderNo', () => {
  it('appends the attempt number', () => {
    expect(gatewayOrderNo('ORD-1', 1, newId('ord'))).toBe('ORD-1-1');
    expect(gatewayOrderNo('ORD-1', 12, newId('ord'))).toBe('ORD-1-12');
  });

  it('stays within the gateway limit of 50 and keeps long order numbers apart by their unique order id', () => {
    const a = 'A'.repeat(49) + '1';
    const b = 'A'.repeat(49) + '2';
    const [idA, idB] = [newId('ord'), newId('ord')];
    for (const seq of [1, 99, 1000]) {
      expect(gatewayOrderNo(a, seq, idA).length).toBeLessThanOrEqual(50);
      expect(gatewayOrderNo(a, seq, idA)).not.toBe(gatewayOrderNo(b, seq, idB));
      // the same number of two orders (e.g. after a store was reset) is still told apart
      expect(gatewayOrderNo(a, seq, idA)).not.toBe(gatewayOrderNo(a, seq, idB));
      expect(gatewayOrderNo(a, seq, idA)).toBe(`${a.slice(0, 50 - 24 - String(seq).length)}.${idA.slice(4)}-${seq}`);
    }
    expect(gatewayOrderNo(a, 1, idA)).not.toBe(gatewayOrderNo(a, 2, idA));
  });
});
