/** What a shopper pays in instalments, in minor units: each instalment (the last one may be less) and the total. */
export interface InstallmentAmounts {
  each: number;
  last: number;
  total: number;
}

/**
 * Splits `amountMinor` into `count` instalments after the method's declared interest, `interestBp` basis points
 * of the amount (199 = 1.99 %), rounded half up to the minor unit. Every instalment is the total divided by the
 * count rounded up, the last takes what remains, so the instalments add up to the total exactly. BigInt: the
 * product of an amount and a rate may pass 2^53 where neither does.
 */
export function installmentAmounts(amountMinor: number, count: number, interestBp = 0): InstallmentAmounts {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError('amountMinor: a whole number >= 0');
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count: a whole number >= 1');
  if (!Number.isInteger(interestBp) || interestBp < 0) throw new RangeError('interestBp: a whole number >= 0');
  const interest = (BigInt(amountMinor) * BigInt(interestBp) + 5_000n) / 10_000n;
  const total = BigInt(amountMinor) + interest;
  const n = BigInt(count);
  const each = (total + n - 1n) / n;
  const last = total - each * (n - 1n);
  return { each: Number(each), last: Number(last), total: Number(total) };
}
