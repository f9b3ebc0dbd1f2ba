import { toDecimal } from '../shared/gateway/money';

/**
 * "USD 1,234.50": the one money format of the admin page, by Intl.NumberFormat. The amount goes in as the
 * API's exact decimal string (Intl formats a numeric string without turning it into a float), with as many
 * decimals as the string has, so the page never shows a digit the backend did not send. The no-break space
 * Intl puts after the code is a plain one, so the same text reads the same in tables, titles and CSV.
 */
export function formatAmount(decimal: string, currency: string): string {
  const digits = decimal.split('.')[1]?.length ?? 0;
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(decimal as unknown as number).replace(/\u00a0/g, ' ');
}

/** The same from minor units. */
export function formatMinor(minor: number, currency: string): string {
  return formatAmount(toDecimal(minor, currency), currency);
}

/** Totals per currency as one phrase: "USD 120.00 + EUR 5.00"; never summed across currencies. */
export function formatTotals(totals: Record<string, number>): string {
  const parts = Object.keys(totals)
    .sort()
    .map((c) => formatMinor(totals[c]!, c));
  return parts.length ? parts.join(' + ') : 'nothing';
}
