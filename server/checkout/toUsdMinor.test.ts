import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toUsdMinor } from './toUsdMinor';

describe('toUsdMinor', () => {
  it.each([
    // minor, currency, rate, cents
    [5000, 'BRL', '0.1835', 918], // 9.175 rounds half up
    [5000, 'BRL', '0.1834', 917], // 9.170
    [3000, 'BRL', '0.18345', 550], // 5.5035 rounds down
    [1, 'BRL', '0.5', 1], // 0.005 USD rounds half up to a cent
    [1000, 'JPY', '0.0066', 660], // zero-decimal currency: 1000 JPY = 6.60 USD
    [1234, 'KWD', '3.25', 401], // three decimals: 1.234 KWD = 4.0105 USD
    [1999, 'USD', '7', 1999], // USD needs no rate
  ])('%i %s at %s = %i cents', (minor, currency, rate, cents) => {
    expect(toUsdMinor(minor, currency, rate)).toBe(cents);
  });

  it('agrees with exact rational arithmetic, rounding half up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (minor, rateDigits) => {
          // rate = rateDigits / 10^6 USD per BRL; cents = minor * rateDigits / 10^6, half up
          const rate = `${Math.floor(rateDigits / 1e6)}.${String(rateDigits % 1e6).padStart(6, '0')}`;
          const exact = BigInt(minor) * BigInt(rateDigits);
          const expected = Number((exact * 2n + 1_000_000n) / 2_000_000n);
          expect(toUsdMinor(minor, 'BRL', rate)).toBe(expected);
        },
      ),
    );
  });
});
