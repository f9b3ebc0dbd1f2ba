import { describe, expect, it } from 'vitest';
import { isBic, isIban } from './checkBankCodes';

describe('isIban', () => {
  it('accepts IBANs whose check digits match, with spaces and in any case', () => {
    for (const iban of [
      'DE89370400440532013000',
      'GB82 WEST 1234 5698 7654 32',
      'nl91abna0417164300',
      'BR1800360305000010009795493C1',
    ])
      expect(isIban(iban), iban).toBe(true);
  });
  it('refuses a changed digit, a wrong shape, or nothing', () => {
    for (const iban of ['DE89370400440532013001', 'DE8937040044', '1234567890123456', ''])
      expect(isIban(iban), iban).toBe(false);
  });
  it('refuses a length the country does not use, even when mod 97 matches (#23: mod 97 alone took it)', () => {
    // DE IBANs are 22 characters; this one has 19 and valid check digits
    expect(isIban('DE41370400440532013')).toBe(false);
  });
});

describe('isBic', () => {
  it('takes 8 or 11 characters in capitals with a real country', () => {
    expect([isBic('DEUTDEFF'), isBic('DEUTDEFF500'), isBic('deutdeff'), isBic('DEUTDEF'), isBic('DEUTDEFF5')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(isBic('DEUTXXFF')).toBe(false);
  });
});
