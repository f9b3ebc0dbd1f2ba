import { describe, expect, it } from 'vitest';
import { gatewayOrderNo } from './gatewayOrderNo';

describe('gatewayOrderNo', () => {
  it('appends the attempt number', () => {
    expect(gatewayOrderNo('ORD-1', 1)).toBe('ORD-1-1');
    expect(gatewayOrderNo('ORD-1', 12)).toBe('ORD-1-12');
  });

  it('stays within the gateway limit of 50 and keeps long order numbers apart', () => {
    const a = 'A'.repeat(49) + '1';
    const b = 'A'.repeat(49) + '2';
    for (const seq of [1, 99, 1000]) {
      expect(gatewayOrderNo(a, seq).length).toBeLessThanOrEqual(50);
      expect(gatewayOrderNo(a, seq)).not.toBe(gatewayOrderNo(b, seq));
      expect(gatewayOrderNo(a, seq).endsWith(`-${seq}`)).toBe(true);
    }
    expect(gatewayOrderNo(a, 1)).not.toBe(gatewayOrderNo(a, 2));
  });
});
