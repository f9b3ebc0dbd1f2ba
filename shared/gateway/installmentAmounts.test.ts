import { describe, expect, it } from 'vitest';
import { installmentAmounts } from './installmentAmounts';

describe('installmentAmounts', () => {
  it('splits an amount without interest into equal instalments when it divides', () => {
    expect(installmentAmounts(6000, 3)).toEqual({ each: 2000, last: 2000, total: 6000 });
  });

  it('rounds each instalment up and lets the last take the rest, so they add up to the total exactly', () => {
    // 100.00 in 3: 33.34 + 33.34 + 33.32
    expect(installmentAmounts(10000, 3)).toEqual({ each: 3334, last: 3332, total: 10000 });
  });

  it("adds the method's declared interest, in basis points, rounded half up to the minor unit", () => {
    // 60.00 + 1.99 % = 61.194 -> 61.19; in 6: 10.20 x 5 + 10.19
    expect(installmentAmounts(6000, 6, 199)).toEqual({ each: 1020, last: 1019, total: 6119 });
    // 0.25 + 2 % = 0.255 -> 0.26 (half up)
    expect(installmentAmounts(25, 1, 200)).toEqual({ each: 26, last: 26, total: 26 });
  });

  it('stays exact where amount x rate passes 2^53', () => {
    // 1 234 567 890 123.45 x 9999 is about 1.2e18, beyond 2^53: the product is taken exactly (BigInt)
    expect(installmentAmounts(123_456_789_012_345, 1, 9999).total).toBe(246_901_232_345_789);
  });

  it('refuses counts, amounts and rates that are not whole numbers', () => {
    expect(() => installmentAmounts(100.5, 2)).toThrow(/amountMinor/);
    expect(() => installmentAmounts(100, 0)).toThrow(/count/);
    expect(() => installmentAmounts(100, 2, 1.5)).toThrow(/interestBp/);
  });
});
