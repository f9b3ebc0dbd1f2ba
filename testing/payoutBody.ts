/** A valid payout (docs/gateway-api.md 2.7) as the owner sends it to `POST /admin/api/payouts`. */
export function payoutBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    payment_amount: '250.00',
    payment_currency: 'EUR',
    payment_method: 'SWIFT',
    fee_paid_by: 'PAYER',
    reason: 'Supplier invoice 42',
    beneficiary: {
      entity_type: 'COMPANY',
      company_name: 'Fornecedor Ltda',
      address: { city: 'Berlin', country_code: 'DE', street_address: 'Unter den Linden 1' },
      bank_details: {
        account_name: 'Fornecedor Ltda',
        iban: 'DE89370400440532013000',
        swift_code: 'COBADEFF',
        bank_country_code: 'DE',
      },
    },
    ...overrides,
  };
}
