import { describe, expect, it } from 'vitest';
import { isBic, isIban } from './checkIban';
import { requestIdFor } from './requestIdFor';

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
});

describe('isBic', () => {
  it('takes 8 or 11 characters in capitals', () => {
    expect([isBic('DEUTDEFF'), isBic('DEUTDEFF500'), isBic('deutdeff'), isBic('DEUTDEF'), isBic('DEUTDEFF5')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('requestIdFor', () => {
  it('keeps a UUID key, and maps any other key to one fixed UUID', () => {
    expect(requestIdFor('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    const id = requestIdFor('invoice-42');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdFor('invoice-42')).toBe(id);
    expect(requestIdFor('invoice-43')).not.toBe(id);
  });
});
