import { describe, expect, it } from 'vitest';
import { maskCardNumbers } from '../maskCardNumbers';
import { maskAuditValue } from './maskAuditValue';

describe('maskCardNumbers', () => {
  it('masks card numbers however they are grouped, keeping the last four', () => {
    expect(maskCardNumbers('paid with 4242424242424242.')).toBe('paid with ************4242.');
    expect(maskCardNumbers('4000 0000 0000 0002 / 4000-0000-0000-3220')).toBe(
      '**** **** **** 0002 / ****-****-****-3220',
    );
    expect(maskCardNumbers('amex 378282246310005')).toBe('amex ***********0005');
  });

  it('leaves numbers that are not card numbers: ids, timestamps, amounts', () => {
    for (const text of ['order 1234567890123456', 'at 20250131120000', 'T2025013112000001', '5000.00', '424242424242'])
      expect(maskCardNumbers(text)).toBe(text);
  });
});

describe('maskAuditValue', () => {
  it('masks secrets by field name and card numbers anywhere, deeply', () => {
    expect(
      maskAuditValue({
        encryption_data: 'f00d',
        request: { items: [{ note: 'card 4242424242424242' }], iban: 'DE89370400440532013000', amount: '10.00' },
      }),
    ).toEqual({
      encryption_data: '***',
      request: { items: [{ note: 'card ************4242' }], iban: '***3000', amount: '10.00' },
    });
  });
});
