import { CURRENCY_EXPONENT } from '../../shared/gateway/currencies';

/** Languages written right to left whose currency symbols can be reordered by the bidi algorithm. */
const RTL = /^(ar|fa|he|ur)(-|$)/i;

/**
 * A decimal amount string shown in the shopper's locale. The string goes to Intl as is (exact decimal, no float
 * on the way), and the digits are the ISO 4217 exponent, which Intl's own currency data does not always match.
 * In a right-to-left language the currency symbol is wrapped in a left-to-right isolate: otherwise the `$` of
 * `US$`, a neutral character, joins the Arabic side and the shopper reads `$US`.
 */
export function formatAmount(amount: string, currency: string, locale: string): string {
  const digits = CURRENCY_EXPONENT[currency];
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    const parts = format.formatToParts(amount as Intl.StringNumericLiteral);
    const rtl = RTL.test(locale);
    return parts.map((p) => (rtl && p.type === 'currency' ? `\u2066${p.value}\u2069` : p.value)).join('');
  } catch {
    return `${amount} ${currency}`;
  }
}
