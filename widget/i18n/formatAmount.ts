import { CURRENCY_EXPONENT } from '../../shared/gateway/currencies';

/**
 * A decimal amount string shown in the shopper's locale. The string goes to Intl as is (exact decimal, no float
 * on the way), and the digits are the ISO 4217 exponent, which Intl's own currency data does not always match.
 */
export function formatAmount(amount: string, currency: string, locale: string): string {
  const digits = CURRENCY_EXPONENT[currency];
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
}
