import { toDecimal } from '../shared/gateway/money';

/** "USD 1,234.50" from minor units, digit grouping added to the exact decimal string (no float on the way). */
export function formatMinor(minor: number, currency: string): string {
  const [whole = '0', fraction] = toDecimal(minor, currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${fraction === undefined ? grouped : `${grouped}.${fraction}`}`;
}

/** Totals per currency as one phrase: "USD 120.00 + EUR 5.00"; never summed across currencies. */
export function formatTotals(totals: Record<string, number>): string {
  const parts = Object.keys(totals)
    .sort()
    .map((c) => formatMinor(totals[c]!, c));
  return parts.length ? parts.join(' + ') : 'nothing';
}
