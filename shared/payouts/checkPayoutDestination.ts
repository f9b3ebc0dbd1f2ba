import type { FieldError } from '../contract/errors';
import { isBic, isIban } from './checkBankCodes';

/** How a payout travels: `swift` (international wire) or `local` (the country's own clearing: SEPA, ACH, PIX...). */
export type PayoutRail = 'swift' | 'local';

/**
 * The gateway treats a payout without payment_method, or with `SWIFT`, as a wire and any other method as local
 * clearing (its answer's bank_details.local_clearing_system says `SWIFT` or `LOCAL`, docs/gateway-api.md 2.7).
 */
export function payoutRailOf(paymentMethod: string | undefined): PayoutRail {
  return paymentMethod === undefined || paymentMethod === '' || paymentMethod.toUpperCase() === 'SWIFT'
    ? 'swift'
    : 'local';
}

type BankField = 'account_number' | 'iban' | 'swift_code' | 'bank_code' | 'bank_country_code';
export type BankDetails = Partial<Record<BankField | 'account_name', string>>;

/** One thing a rail needs, satisfied by any one of `anyOf`; the first field is the one named in the error. */
interface Need {
  anyOf: readonly BankField[];
  message: string;
}

/**
 * What each rail needs to reach an account. An IBAN names the country, the bank and the account at once, so it
 * stands in for all three; without one, a wire needs the bank's SWIFT/BIC and local clearing the bank's code in
 * its country's scheme (sort code, routing number, bank code) plus the country itself.
 */
export const DESTINATION_NEEDS: Readonly<Record<PayoutRail, readonly Need[]>> = {
  swift: [
    { anyOf: ['account_number', 'iban'], message: 'is required (or an IBAN): the account that receives the money' },
    {
      anyOf: ['swift_code', 'iban'],
      message: "is required for a SWIFT payout without an IBAN: the bank's SWIFT/BIC code",
    },
  ],
  local: [
    { anyOf: ['account_number', 'iban'], message: 'is required (or an IBAN): the account that receives the money' },
    {
      anyOf: ['bank_code', 'iban'],
      message:
        "is required for a local payout without an IBAN: the bank's code in its country (sort code, routing number)",
    },
    {
      anyOf: ['bank_country_code', 'iban'],
      message: 'is required for a local payout without an IBAN: the country of the bank, two letters',
    },
  ],
};

const given = (v: string | undefined) => v !== undefined && v.trim() !== '';

/**
 * Where the money goes: a payout names a beneficiary already registered at the gateway (beneficiary_id) or bank
 * details that reach an account by its rail's rules; an IBAN must be one its country issues and a SWIFT/BIC
 * well formed. The one rule set for the server's check, saved recipients and the admin page's form. Field paths
 * start at `prefix` (the bank_details object).
 */
export function checkPayoutDestination(
  payout: { payment_method?: string; beneficiary_id?: string; bank_details?: BankDetails },
  prefix = 'beneficiary.bank_details',
): FieldError[] {
  const bank = payout.bank_details;
  if (!bank) {
    if (given(payout.beneficiary_id)) return [];
    return [{ path: prefix, message: 'is required (or beneficiary_id): say which bank account receives the money' }];
  }
  const errors: FieldError[] = [];
  for (const need of DESTINATION_NEEDS[payoutRailOf(payout.payment_method)])
    if (!need.anyOf.some((f) => given(bank[f])))
      errors.push({ path: `${prefix}.${need.anyOf[0]}`, message: need.message });
  if (given(bank.iban) && !isIban(bank.iban!))
    errors.push({
      path: `${prefix}.iban`,
      message: "is not a valid IBAN (its length or check digits do not match its country's)",
    });
  if (given(bank.swift_code) && !isBic(bank.swift_code!))
    errors.push({
      path: `${prefix}.swift_code`,
      message: 'must be a SWIFT/BIC code of 8 or 11 capitals and digits, e.g. "DEUTDEFF"',
    });
  return errors;
}
