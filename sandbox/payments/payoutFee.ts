/**
 * The sandbox's payout fee, in minor units of the payment currency, computed with integers only: 0.5 % of the
 * amount rounded up to the next minor unit, plus a fixed 100 minor units. Who bears it follows fee_paid_by.
 */
const FEE_BASIS_POINTS = 50;
const FEE_FIXED_MINOR = 100;

function payoutFeeMinor(amountMinor: number): number {
  return Math.ceil((amountMinor * FEE_BASIS_POINTS) / 10_000) + FEE_FIXED_MINOR;
}

/** PAYER adds the fee on top; BENEFICIARY takes it out of what arrives. */
export function payoutAmounts(
  amountMinor: number,
  feePaidBy: string,
): { fee: number; payerPays: number; beneficiaryReceives: number } {
  const fee = payoutFeeMinor(amountMinor);
  return feePaidBy === 'BENEFICIARY'
    ? { fee, payerPays: amountMinor, beneficiaryReceives: amountMinor - fee }
    : { fee, payerPays: amountMinor + fee, beneficiaryReceives: amountMinor };
}
