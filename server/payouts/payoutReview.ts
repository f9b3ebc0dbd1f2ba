import type { PayoutReview } from '../../shared/contract/adminPayouts';
import { toDecimal, toMinor } from '../../shared/gateway/money';
import type { PayoutFields } from './payoutBody';

/**
 * The payout fee as the gateway charges it (its sandbox does the same, sandbox/payments/payoutFee.ts): 0.5 % of
 * the amount rounded up to the next minor unit, plus 100 minor units. The gateway states a payout's fee only in
 * its answer (`fee_amount`), once the money has left, so the review before sending shows this estimate, saying
 * it is one.
 */
const FEE_BASIS_POINTS = 50;
const FEE_FIXED_MINOR = 100;

/**
 * What the owner reviews before a payout is sent: amount, recipient, the estimated fee and what it costs in all.
 * `PAYER` (the default) pays the fee on top; `BENEFICIARY` has it taken from what arrives.
 */
export function payoutReview(fields: PayoutFields): PayoutReview {
  const currency = fields.payment_currency;
  const amount = toMinor(fields.payment_amount, currency);
  const fee = Math.ceil((amount * FEE_BASIS_POINTS) / 10_000) + FEE_FIXED_MINOR;
  const feePaidBy = fields.fee_paid_by === 'BENEFICIARY' ? 'BENEFICIARY' : 'PAYER';
  const b = fields.beneficiary;
  const name = b.company_name || [b.first_name, b.last_name].filter(Boolean).join(' ') || b.bank_details?.account_name;
  const account = [b.bank_details?.iban ?? b.bank_details?.account_number, b.bank_details?.swift_code]
    .filter(Boolean)
    .join(' · ');
  const money = (minor: number) => toDecimal(minor, currency);
  return {
    currency,
    amount: money(amount),
    recipient: { name: name ?? '', account },
    fee: money(fee),
    fee_paid_by: feePaidBy,
    fee_estimated: true,
    fee_rule: `0.5 % of the amount + ${money(FEE_FIXED_MINOR)} ${currency}`,
    total: money(feePaidBy === 'PAYER' ? amount + fee : amount),
    recipient_gets: money(feePaidBy === 'PAYER' ? amount : amount - fee),
  };
}
