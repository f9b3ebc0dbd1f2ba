import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CHARS, MoneyError, isAmount, lineTotal, sumMinor, toDecimal, toMinor } from './money';

/** One currency per exponent: 0, 2, 3, 4. */
const BY_EXPONENT = [
  [0, 'JPY'],
  [2, 'USD'],
  [3, 'KWD'],
  [4, 'CLF'],
] as const;

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** A well-formed amount for exponent `e`: no leading zero, exactly `e` decimals, at most 15 characters. */
function amountOf(e: number) {
  const intMax = MAX_AMOUNT_CHARS - (e === 0 ? 0 : e + 1);
  const intPart = fc.oneof(
    fc.constant('0'),
    fc.tuple(fc.constantFrom(...'123456789'), digits(0, intMax - 1)).map(([h, t]) => h + t),
  );
  return fc.tuple(intPart, digits(e, e)).map(([i, f]) => (e === 0 ? i : `${i}.${f}`));
}

/** The reference: the same decimal read with BigInt, independent of money.ts. */
function referenceMinor(amount: string, e: number): bigint {
  const [i, f = ''] = amount.split('.');
  return BigInt(i!) * 10n ** BigInt(e) + BigInt(f || '0');
}

describe('toMinor and toDecimal, properties', () => {
  it.each(BY_EXPONENT)('exponent %i (%s): toDecimal(toMinor(x)) === x', (e, currency) => {
    fc.assert(fc.property(amountOf(e), (x) => toDecimal(toMinor(x, currency), currency) === x));
  });

  it.each(BY_EXPONENT)('exponent %i (%s): toMinor equals a BigInt reading of the digits', (e, currency) => {
    fc.assert(fc.property(amountOf(e), (x) => BigInt(toMinor(x, currency)) === referenceMinor(x, e)));
  });

  it.each(BY_EXPONENT)(
    'exponent %i (%s): toMinor(toDecimal(n)) === n for any safe minor amount that fits 15 characters',
    (e, currency) => {
      const max = Number(10n ** BigInt(MAX_AMOUNT_CHARS - (e === 0 ? 0 : 1)) - 1n);
      fc.assert(fc.property(fc.integer({ min: 0, max }), (n) => toMinor(toDecimal(n, currency), currency) === n));
    },
  );

  it.each(BY_EXPONENT)('exponent %i (%s): refuses any other number of decimals', (e, currency) => {
    const wrong = fc.integer({ min: 0, max: 6 }).filter((k) => k !== e);
    fc.assert(
      fc.property(fc.tuple(fc.constantFrom(...'123456789'), digits(0, 5)), wrong, ([h, t], k) => {
        const x = k === 0 ? h + t : `${h}${t}.${'5'.repeat(k)}`;
        return !isAmount(x, currency) && throwsMoneyError(() => toMinor(x, currency));
      }),
    );
  });

  it.each(BY_EXPONENT)(
    'exponent %i (%s): refuses signs, exponents, separators, spaces and leading zeros',
    (e, currency) => {
      const decorate = fc.constantFrom(
        (x: string) => `-${x}`,
        (x: string) => `+${x}`,
        (x: string) => `${x}e2`,
        (x: string) => ` ${x}`,
        (x: string) => `${x} `,
        (x: string) => `0${x}`,
        (x: string) => x.replace(/^(\d)/, '$1,'),
        (x: string) => `${x}.`,
      );
      fc.assert(
        fc.property(
          amountOf(e).filter((x) => x.length < 14 && !x.startsWith('0')),
          decorate,
          (x, f) => throwsMoneyError(() => toMinor(f(x), currency)),
        ),
      );
    },
  );
});

function throwsMoneyError(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch (err) {
    return err instanceof MoneyError;
  }
}

describe('money, units', () => {
  it('JPY has no decimals', () => {
    expect(toMinor('1036', 'JPY')).toBe(1036);
    expect(toDecimal(1036, 'JPY')).toBe('1036');
    expect(() => toMinor('10.36', 'JPY')).toThrow(/whole number for JPY/);
  });

  it('KWD has three decimals', () => {
    expect(toMinor('1.036', 'KWD')).toBe(1036);
    expect(toDecimal(5, 'KWD')).toBe('0.005');
    expect(() => toMinor('1.03', 'KWD')).toThrow(/exactly 3 decimals for KWD/);
  });

  it('USD has two decimals, "10.36" is 1036 cents, and zero is a well-formed amount', () => {
    expect(toMinor('10.36', 'USD')).toBe(1036);
    expect(toMinor('0.00', 'USD')).toBe(0);
    expect(toDecimal(5, 'USD')).toBe('0.05');
    expect(toDecimal(0, 'USD')).toBe('0.00');
    // the float trap: 0.1 + 0.2 is exact here
    expect(toDecimal(toMinor('0.10', 'USD') + toMinor('0.20', 'USD'), 'USD')).toBe('0.30');
    expect(() => toMinor('10.3', 'USD')).toThrow(MoneyError);
    expect(() => toMinor('', 'USD')).toThrow(/empty/);
    expect(() => toMinor('1234567890123.45', 'USD')).toThrow(/longer than 15/);
  });

  it('refuses an unknown currency instead of guessing its decimals', () => {
    expect(() => toMinor('10.36', 'XXY')).toThrow(RangeError);
    expect(() => toDecimal(1036, 'XXY')).toThrow(RangeError);
    expect(isAmount('10.36', 'XXY')).toBe(false);
  });

  it('toDecimal refuses negative and fractional minor amounts', () => {
    expect(() => toDecimal(-1, 'USD')).toThrow(MoneyError);
    expect(() => toDecimal(10.5, 'USD')).toThrow(MoneyError);
  });

  it('sums and line totals stay exact or throw', () => {
    expect(sumMinor([23000, 58000])).toBe(81000);
    expect(lineTotal(29000, 2)).toBe(58000);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(MoneyError);
    expect(() => lineTotal(Number.MAX_SAFE_INTEGER, 2)).toThrow(MoneyError);
  });
});
