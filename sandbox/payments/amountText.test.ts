import { expect, test } from 'vitest';
import { amountText } from './amountText';

const tx = (currency: string, amount_minor: number, request: Record<string, unknown>) => ({
  currency,
  amount_minor,
  request_json: JSON.stringify(request),
});

// what widget/i18n/formatAmount.ts shows for the same amount and language (e2e/journeys/cardFrameOnPhone.test.ts
// compares the two Pay buttons in Chromium)
test.each([
  ['en-US', 'USD', 3300, '$33.00'],
  ['de-DE', 'EUR', 3300, '33,00\u00a0€'],
  ['pt-BR', 'BRL', 123456, 'R$\u00a01.234,56'],
  ['ja', 'JPY', 3300, '￥3,300'],
])('the card page shows the amount in %s as the widget does (issue #35)', (lang, currency, minor, shown) => {
  expect(amountText(tx(currency, minor, { browser_lang: lang }))).toBe(shown);
});

test('no language: English; a language Intl refuses: the currency code and the decimal', () => {
  expect(amountText(tx('USD', 3300, {}))).toBe('$33.00');
  expect(amountText(tx('USD', 3300, { browser_lang: 'not a tag!' }))).toBe('USD 33.00');
});
