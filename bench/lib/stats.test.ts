import { describe, expect, it } from 'vitest';
import { median, pairRatios, percentile } from './stats';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });
  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('refuses an empty list instead of answering NaN', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('percentile', () => {
  it('answers a measured value (nearest rank), never an interpolation', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(values, 90)).toBe(18);
    expect(percentile(values, 100)).toBe(20);
    expect(percentile([7], 50)).toBe(7);
  });
});

describe('pairRatios', () => {
  it('divides pair by pair, not median by median', () => {
    // medians would give 100/100 = 1; the pairs say the numerator is always 10 % behind
    expect(pairRatios([90, 45, 180], [100, 50, 200])).toEqual([0.9, 0.9, 0.9]);
  });
  it('refuses lists of unequal length', () => {
    expect(() => pairRatios([1, 2], [1])).toThrow(/unequal/);
  });
});
