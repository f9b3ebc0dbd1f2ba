import { getCountrySpecifications } from 'ibantools';
import { DESTINATION_NEEDS, payoutRailOf } from '../shared/payouts/checkPayoutDestination';

/** One input of the recipient form, by its dotted path in the recipient body, labelled in plain words. */
export interface RecipientField {
  path: string;
  label: string;
  hint?: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
}

/** The methods an owner picks from, in words; the code is what the gateway receives as payment_method. */
export const RECIPIENT_METHODS = [
  { value: 'SWIFT', label: 'International bank wire (SWIFT)' },
  { value: 'SEPA', label: 'Euro bank transfer (SEPA)' },
  { value: 'ACH', label: 'US bank transfer (ACH)' },
  { value: 'LOCAL', label: 'Local bank transfer in the bank’s country' },
] as const;

const ENTITY_TYPES = [
  { value: 'COMPANY', label: 'A company' },
  { value: 'PERSONAL', label: 'A person' },
] as const;

/** Countries whose banks number accounts by IBAN (ibantools' registry): there one IBAN replaces three fields. */
function usesIban(country: string): boolean {
  return getCountrySpecifications()[country.toUpperCase()]?.IBANRegistry === true;
}

const BANK = 'beneficiary.bank_details';
const LABELS: Record<string, { label: string; hint?: string }> = {
  [`${BANK}.iban`]: { label: 'IBAN', hint: 'As on the bank statement, spaces allowed' },
  [`${BANK}.account_number`]: { label: 'Account number' },
  [`${BANK}.swift_code`]: { label: 'SWIFT/BIC code of the bank', hint: '8 or 11 letters and digits, e.g. DEUTDEFF' },
  [`${BANK}.bank_code`]: { label: 'Bank code', hint: 'The bank’s number in its country: sort code, routing number…' },
  [`${BANK}.bank_country_code`]: { label: 'Country of the bank', hint: 'Two letters, e.g. US' },
};

/** A field's words, for inputs and for error messages ("IBAN: is not a valid IBAN", not the dotted path). */
export function recipientFieldLabel(path: string): string | undefined {
  return ALL_LABELS[path];
}

/**
 * The fields a recipient of this kind needs, and no others: who it is (a company's name, a person's two names),
 * where it lives, and the bank fields its payment method needs in its country (`DESTINATION_NEEDS`, the rules
 * the server checks): an IBAN where the country has them, else the account number and the bank's SWIFT/BIC or
 * local code.
 */
export function recipientFields(v: { entityType: string; country: string; method: string }): RecipientField[] {
  const who: RecipientField[] =
    v.entityType === 'PERSONAL'
      ? [
          { path: 'beneficiary.first_name', label: 'First name', required: true },
          { path: 'beneficiary.last_name', label: 'Last name', required: true },
        ]
      : [{ path: 'beneficiary.company_name', label: 'Company name', required: true }];
  const fields: RecipientField[] = [
    { path: 'name', label: 'Name in your list', hint: 'e.g. Fornecedor GmbH (EUR)', required: true },
    { path: 'beneficiary.entity_type', label: 'Who is paid', options: ENTITY_TYPES, required: true },
    ...who,
    { path: 'beneficiary.address.country_code', label: 'Country', hint: 'Two letters, e.g. DE', required: true },
    { path: 'beneficiary.address.city', label: 'City' },
    { path: 'beneficiary.address.street_address', label: 'Street and number' },
    { path: 'payment_method', label: 'How the money is sent', options: RECIPIENT_METHODS, required: true },
    { path: `${BANK}.account_name`, label: 'Account holder as the bank knows it' },
  ];
  if (!/^[A-Za-z]{2}$/.test(v.country)) return fields;
  const iban = usesIban(v.country);
  for (const need of DESTINATION_NEEDS[payoutRailOf(v.method)]) {
    // where the country has IBANs, the IBAN is the one field that meets every need
    const field = iban && need.anyOf.includes('iban') ? 'iban' : need.anyOf.find((f) => f !== 'iban')!;
    const path = `${BANK}.${field}`;
    // the bank's country is the recipient's country unless the owner says otherwise: set, not asked
    if (field === 'bank_country_code' || fields.some((f) => f.path === path)) continue;
    fields.push({ path, ...LABELS[path]!, required: true });
  }
  if (iban && payoutRailOf(v.method) === 'swift')
    fields.push({ path: `${BANK}.swift_code`, ...LABELS[`${BANK}.swift_code`]!, hint: 'Optional with an IBAN' });
  return fields;
}

const ALL_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(LABELS).map(([p, l]) => [p, l.label])),
  ...Object.fromEntries(
    [
      ...recipientFields({ entityType: 'COMPANY', country: '', method: 'SWIFT' }),
      ...recipientFields({ entityType: 'PERSONAL', country: '', method: 'SWIFT' }),
    ].map((f) => [f.path, f.label]),
  ),
  [BANK]: 'Bank account',
  beneficiary: 'Recipient',
};
