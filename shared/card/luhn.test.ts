import { describe, expect, it } from 'vitest';
import { passesLuhn } from './luhn';

describe('passesLuhn', () => {
  it('accepts the test cards and refuses a changed digit', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000003220', '79927398713']) {
      expect(passesLuhn(n), n).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});
