import { describe, expect, test } from 'vitest';
import { formatAmount } from './formatAmount';
import { createTranslate } from './translate';
import { en } from './en';

describe('formatAmount', () => {
  test('formats in the session currency with its ISO 4217 decimals', () => {
    expect(formatAmount('25.00', 'USD', 'en-US')).toBe('$25.00');
    expect(formatAmount('1036', 'JPY', 'en-US')).toBe('¥1,036');
    expect(formatAmount('1.036', 'KWD', 'en-US')).toBe('KWD\u00a01.036');
    expect(formatAmount('1234.50', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatAmount('10.00', 'BRL', 'pt-BR')).toBe('R$\u00a010,00');
  });

  test('passes the decimal string to Intl as is: no float rounding on large amounts', () => {
    // 2^53 + 1 minor units: a float would print ...992.00
    expect(formatAmount('90071992547409.93', 'USD', 'en-US')).toBe('$90,071,992,547,409.93');
  });

  test('in Arabic the currency symbol is isolated, so right-to-left text does not turn US$ into $US', () => {
    const shown = formatAmount('25.00', 'USD', 'ar');
    expect(shown).toContain('\u2066US$\u2069');
    expect(shown.replace(/[\u2066\u2069]/g, '')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(25),
    );
  });

  test('an unknown currency or locale does not break the page', () => {
    expect(formatAmount('5.00', 'XXXX', 'en')).toBe('5.00 XXXX');
  });
});

describe('translate', () => {
  test('fills placeholders and leaves unknown ones visible', () => {
    const t = createTranslate(en);
    expect(t('pay', { amount: '$1.00' })).toBe('Pay $1.00');
    expect(t('pay')).toBe('Pay {amount}');
  });
});
