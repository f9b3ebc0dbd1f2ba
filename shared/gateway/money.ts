import { exponentOf } from './currencies';

/**
 * Money is an integer count of minor units inside the system and a decimal string at the gateway boundary.
 * No function here ever goes through a floating-point number: strings are parsed digit by digit.
 * Amounts are bounded by the 15-character limit of `amount` (docs/protocol-decisions.md 1), far inside
 * Number.MAX_SAFE_INTEGER.
 */
export const MAX_AMOUNT_CHARS = 15;

export class MoneyError extends Error {
  override name = 'MoneyError';
}

/**
 * The exact decimal form the gateway expects for `currency`: "10.36" for USD, "1036" for JPY, "1.036" for KWD.
 * A value with fewer decimals ("10.5") is refused: the wire form is exact, so we never reinterpret it.
 */
function decimalPattern(currency: string): RegExp {
  const e = exponentOf(currency);
  return e === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${e}}$`);
}

/** Parses a decimal string in `currency`'s exact format to minor units. Throws MoneyError otherwise. */
export function toMinor(amount: string, currency: string): number {
  if (typeof amount !== 'string' || amount.length === 0) throw new MoneyError('amount is empty');
  if (amount.length > MAX_AMOUNT_CHARS) throw new MoneyError(`amount is longer than ${MAX_AMOUNT_CHARS} characters`);
  if (!decimalPattern(currency).test(amount)) {
    const e = exponentOf(currency);
    throw new MoneyError(
      e === 0
        ? `amount must be a whole number for ${currency}, e.g. "1036"`
        : `amount must have exactly ${e} decimals for ${currency}, e.g. "${'10.' + '3'.repeat(e)}"`,
    );
  }
  const minor = Number(amount.replace('.', ''));
  if (!Number.isSafeInteger(minor)) throw new MoneyError('amount is too large');
  return minor;
}

/** Formats minor units as the gateway's decimal string for `currency`. */
export function toDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new MoneyError(`not a non-negative integer amount: ${minor}`);
  const e = exponentOf(currency);
  if (e === 0) return String(minor);
  const digits = String(minor).padStart(e + 1, '0');
  return `${digits.slice(0, -e)}.${digits.slice(-e)}`;
}

/** True when `amount` is a well-formed decimal for `currency` (no throw). */
export function isAmount(amount: string, currency: string): boolean {
  try {
    toMinor(amount, currency);
    return true;
  } catch {
    return false;
  }
}

/** Sum of minor amounts; throws if the result leaves the safe-integer range. */
export function sumMinor(values: readonly number[]): number {
  let total = 0;
  for (const v of values) {
    total += v;
    if (!Number.isSafeInteger(total)) throw new MoneyError('sum is too large');
  }
  return total;
}

/** unit price x quantity in minor units, exact. */
export function lineTotal(unitMinor: number, quantity: number): number {
  const t = unitMinor * quantity;
  if (!Number.isSafeInteger(t)) throw new MoneyError('line total is too large');
  return t;
}
