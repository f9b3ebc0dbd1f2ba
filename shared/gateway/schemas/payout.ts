import { z } from 'zod';
import { checkAmount, coded, country, currency, decimal, envelope, isoDate, notifyUrl, str } from './wire';

/**
 * `/v1/payout` (docs/gateway-api.md 2.7). Signed: merchant_id, account_id, request_id, payment_currency,
 * payment_amount.
 */

const beneficiaryAdditionalInfo = z.object({
  business_area: str.optional(),
  business_phone_number: str.optional(),
  business_registration_number: str.optional(),
  personal_email: str.optional(),
  personal_id_number: str.optional(),
  personal_id_type: str.optional(),
  personal_mobile_number: str.optional(),
  personal_net_monthly_average_income: str.optional(),
  personal_phone_country_code: str.optional(),
  personal_phone_area_code: str.optional(),
  personal_fiscal_country: str.optional(),
});

const beneficiaryAddress = z.object({
  city: str.optional(),
  country_code: country.optional(),
  postcode: str.optional(),
  state: str.optional(),
  street: str.optional(),
  number: str.optional(),
  street_address: str.optional(),
  complement: str.optional(),
});

const personDocument = z.object({
  /** a media type, e.g. application/pdf */
  file_type: str.regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a media type, e.g. "application/pdf"').optional(),
  file_url: str.optional(),
  labels: z.array(str).optional(),
});

const bankDetailsFields = {
  account_currency: currency.optional(),
  account_name: str.optional(),
  owner_document_number: str.optional(),
  account_number: str.optional(),
  /** comma-separated list */
  bank_account_category: str.optional(),
  bank_branch: str.optional(),
  bank_country_code: country.optional(),
  bank_name: str.optional(),
  bank_street_address: str.optional(),
  binding_mobile_number: str.optional(),
  iban: str.optional(),
  swift_code: str.optional(),
  transaction_reference: str.optional(),
};

const bankDetails = z.object({ ...bankDetailsFields, bank_code: str.optional() });

const entityFields = {
  first_name: str.optional(),
  last_name: str.optional(),
  company_name: str.optional(),
  date_of_birth: isoDate.optional(),
  entity_type: coded('entity_type').optional(),
};

/** Who receives a payout and where (spec 2.7); saved recipients keep one of these. */
export const payoutBeneficiary = z.object({
  ...entityFields,
  additional_info: beneficiaryAdditionalInfo.optional(),
  address: beneficiaryAddress.optional(),
  person_documents: z.array(personDocument).optional(),
  bank_details: bankDetails.optional(),
});

const payer = z.object({
  ...entityFields,
  additional_info: z
    .object({
      business_registration_number: str.optional(),
      business_registration_type: str.optional(),
      external_id: str.optional(),
      personal_email: str.optional(),
      personal_id_number: str.optional(),
      job: str.optional(),
    })
    .optional(),
  address: z
    .object({
      city: str.optional(),
      country_code: country.optional(),
      postcode: str.optional(),
      state: str.optional(),
      street_address: str.optional(),
    })
    .optional(),
});

const payoutFields = {
  beneficiary_id: str.optional(),
  client_data: str.optional(),
  fee_paid_by: coded('fee_paid_by').optional(),
  payer: payer.optional(),
  payment_amount: decimal,
  payment_currency: currency,
  payment_date: isoDate.optional(),
  payment_method: str.optional(),
  reason: str.optional(),
  reference: str.optional(),
  /** the idempotency key of the payout */
  request_id: z.uuid({ error: 'must be a UUID' }),
  source_amount: decimal.optional(),
  source_currency: currency.optional(),
  swift_charge_option: coded('swift_charge_option').optional(),
  fund_source: str.optional(),
};

type AmountPair = {
  payment_amount?: unknown;
  payment_currency?: unknown;
  source_amount?: unknown;
  source_currency?: unknown;
};

function checkPayoutAmounts(p: AmountPair, ctx: z.RefinementCtx): void {
  checkAmount(ctx, ['payment_amount'], p.payment_amount, p.payment_currency, true);
  if (p.source_amount !== undefined && p.source_currency === undefined) {
    ctx.addIssue({ code: 'custom', path: ['source_currency'], message: 'is required with source_amount' });
  }
  checkAmount(ctx, ['source_amount'], p.source_amount, p.source_currency, true);
}

/** Mandatory: the envelope, the signed request_id, payment_amount and payment_currency, and the beneficiary. */
export const payoutRequest = z
  .object({
    ...envelope,
    ...payoutFields,
    beneficiary: payoutBeneficiary,
    notify_url: notifyUrl.optional(),
  })
  .superRefine(checkPayoutAmounts);

export type PayoutRequest = z.infer<typeof payoutRequest>;
