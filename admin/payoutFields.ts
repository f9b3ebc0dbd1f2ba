import { CODED_VALUES } from '../shared/gateway/fields';

/** One input of the payout form, named by its dotted path in the body of docs/gateway-api.md 2.7. */
export interface PayoutField {
  path: string;
  label: string;
  type?: 'text' | 'date' | 'email' | 'tel';
  options?: readonly string[];
  hint?: string;
  required?: boolean;
  autoComplete?: string;
}

export interface PayoutSection {
  id: string;
  title: string;
  /** folded away until opened or until one of its fields has an error */
  folded?: boolean;
  fields: PayoutField[];
}

const entity = (prefix: string): PayoutField[] => [
  { path: `${prefix}.entity_type`, label: 'Entity type', options: CODED_VALUES.entity_type },
  { path: `${prefix}.first_name`, label: 'First name' },
  { path: `${prefix}.last_name`, label: 'Last name' },
  { path: `${prefix}.company_name`, label: 'Company name' },
  { path: `${prefix}.date_of_birth`, label: 'Date of birth', type: 'date' },
];

/** The form, section by section, in the order an owner fills it in. */
export const PAYOUT_SECTIONS: PayoutSection[] = [
  {
    id: 'payment',
    title: 'Payment',
    fields: [
      { path: 'payment_amount', label: 'Amount', required: true, hint: 'As a decimal string, e.g. 250.00' },
      { path: 'payment_currency', label: 'Currency', required: true, hint: 'ISO 4217 code, e.g. EUR' },
      { path: 'payment_date', label: 'Payment date', type: 'date' },
      { path: 'payment_method', label: 'Payment method', hint: 'e.g. SWIFT' },
      { path: 'fee_paid_by', label: 'Fee paid by', options: CODED_VALUES.fee_paid_by },
      { path: 'swift_charge_option', label: 'SWIFT charges', options: CODED_VALUES.swift_charge_option },
      { path: 'source_amount', label: 'Source amount' },
      { path: 'source_currency', label: 'Source currency' },
      { path: 'fund_source', label: 'Fund source', hint: 'e.g. DepositAccount' },
      { path: 'reason', label: 'Reason' },
      { path: 'reference', label: 'Reference' },
      { path: 'beneficiary_id', label: 'Beneficiary id (if already registered)' },
      { path: 'client_data', label: 'Your own data (returned unchanged)' },
    ],
  },
  { id: 'beneficiary', title: 'Beneficiary', fields: entity('beneficiary') },
  {
    id: 'beneficiary-bank',
    title: 'Beneficiary bank details',
    fields: [
      { path: 'beneficiary.bank_details.account_name', label: 'Account name' },
      { path: 'beneficiary.bank_details.account_number', label: 'Account number' },
      { path: 'beneficiary.bank_details.iban', label: 'IBAN' },
      { path: 'beneficiary.bank_details.swift_code', label: 'SWIFT / BIC' },
      { path: 'beneficiary.bank_details.bank_code', label: 'Bank code' },
      { path: 'beneficiary.bank_details.bank_name', label: 'Bank name' },
      { path: 'beneficiary.bank_details.bank_branch', label: 'Branch' },
      { path: 'beneficiary.bank_details.bank_country_code', label: 'Bank country', hint: 'Two letters, e.g. DE' },
      { path: 'beneficiary.bank_details.bank_street_address', label: 'Bank address' },
      { path: 'beneficiary.bank_details.account_currency', label: 'Account currency' },
      { path: 'beneficiary.bank_details.owner_document_number', label: 'Owner document number' },
      { path: 'beneficiary.bank_details.bank_account_category', label: 'Account categories', hint: 'Comma-separated' },
      { path: 'beneficiary.bank_details.binding_mobile_number', label: 'Linked mobile number', type: 'tel' },
      { path: 'beneficiary.bank_details.transaction_reference', label: 'Transaction reference' },
    ],
  },
  {
    id: 'beneficiary-address',
    title: 'Beneficiary address',
    fields: [
      { path: 'beneficiary.address.street_address', label: 'Street address' },
      { path: 'beneficiary.address.street', label: 'Street' },
      { path: 'beneficiary.address.number', label: 'Number' },
      { path: 'beneficiary.address.complement', label: 'Complement' },
      { path: 'beneficiary.address.city', label: 'City' },
      { path: 'beneficiary.address.state', label: 'State' },
      { path: 'beneficiary.address.postcode', label: 'Postcode' },
      { path: 'beneficiary.address.country_code', label: 'Country', hint: 'Two letters, e.g. BR' },
    ],
  },
  {
    id: 'beneficiary-info',
    title: 'Beneficiary additional information',
    folded: true,
    fields: [
      { path: 'beneficiary.additional_info.business_area', label: 'Business area' },
      { path: 'beneficiary.additional_info.business_phone_number', label: 'Business phone', type: 'tel' },
      { path: 'beneficiary.additional_info.business_registration_number', label: 'Business registration number' },
      { path: 'beneficiary.additional_info.personal_email', label: 'Personal e-mail', type: 'email' },
      { path: 'beneficiary.additional_info.personal_id_number', label: 'Personal id number' },
      { path: 'beneficiary.additional_info.personal_id_type', label: 'Personal id type' },
      { path: 'beneficiary.additional_info.personal_mobile_number', label: 'Mobile number', type: 'tel' },
      { path: 'beneficiary.additional_info.personal_phone_country_code', label: 'Phone country code' },
      { path: 'beneficiary.additional_info.personal_phone_area_code', label: 'Phone area code' },
      { path: 'beneficiary.additional_info.personal_net_monthly_average_income', label: 'Net monthly income' },
      { path: 'beneficiary.additional_info.personal_fiscal_country', label: 'Fiscal country' },
    ],
  },
  { id: 'payer', title: 'Payer', folded: true, fields: entity('payer') },
  {
    id: 'payer-more',
    title: 'Payer address and registration',
    folded: true,
    fields: [
      { path: 'payer.address.street_address', label: 'Street address' },
      { path: 'payer.address.city', label: 'City' },
      { path: 'payer.address.state', label: 'State' },
      { path: 'payer.address.postcode', label: 'Postcode' },
      { path: 'payer.address.country_code', label: 'Country', hint: 'Two letters, e.g. GB' },
      { path: 'payer.additional_info.business_registration_number', label: 'Business registration number' },
      { path: 'payer.additional_info.business_registration_type', label: 'Registration type' },
      { path: 'payer.additional_info.external_id', label: 'External id' },
      { path: 'payer.additional_info.personal_email', label: 'E-mail', type: 'email' },
      { path: 'payer.additional_info.personal_id_number', label: 'Personal id number' },
      { path: 'payer.additional_info.job', label: 'Job' },
    ],
  },
];

/** Sensible starting values; everything else starts empty (and empty fields are not sent). */
export const PAYOUT_DEFAULTS: Record<string, string> = {
  payment_method: 'SWIFT',
  fee_paid_by: 'PAYER',
  swift_charge_option: 'SHARED',
};
