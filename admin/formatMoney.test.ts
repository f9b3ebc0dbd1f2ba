import { expect, test } from 'vitest';
import { formatAmount, formatMinor, formatTotals } from './formatMoney';

test('one money format everywhere: the currency code, grouped digits, the exact decimals of the amount', () => {
  expect(formatAmount('1234567.89', 'USD')).toBe('USD 1,234,567.89');
  expect(formatAmount('10.00', 'BRL')).toBe('BRL 10.00');
  expect(formatAmount('1500', 'JPY')).toBe('JPY 1,500');
  // beyond what a float holds exactly: the decimal string is formatted as it is, never through a number
  expect(formatAmount('90071992547409.93', 'USD')).toBe('USD 90,071,992,547,409.93');
  expect(formatMinor(123450, 'USD')).toBe('USD 1,234.50');
  expect(formatTotals({ USD: 500, EUR: 120000 })).toBe('EUR 1,200.00 + USD 5.00');
});
