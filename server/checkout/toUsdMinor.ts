import { exponentOf } from '../../shared/gateway/currencies';

/**
 * `minor` units of `currency` in US cents at `rate` (USD per one unit of `currency`, a decimal string),
 * rounded half-up to the cent. Exact: the rate's digits become an integer and everything is BigInt, so no
 * binary fraction ever enters (0.1 USD per unit is exactly 1/10, not 0.1000000000000000055).
 *
 * cents = minor x 10^-e x rate x 10^2 = minor x rateDigits x 10^(2 - e - f), e the currency's exponent and
 * f the rate's decimals.
 */
export function toUsdMinor(minor: number, currency: string, rate: string): number {
  if (currency === 'USD') return minor;
  const [whole, fraction = ''] = rate.split('.');
  const shift = 2 - exponentOf(currency) - fraction.length;
  let numerator = BigInt(minor) * BigInt(`${whole}${fraction}`);
  let denominator = 1n;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator = 10n ** BigInt(-shift);
  // half-up for a non-negative amount: floor((2n + d) / 2d)
  const cents = (2n * numerator + denominator) / (2n * denominator);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('USD amount is too large');
  return Number(cents);
}
