import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { payoutRequest } from './payout';

const request = {
  merchant_id: '701001',
  account_id: '701001010',
  encryption_data: 'e'.repeat(64),
  beneficiary: {
    first_name: 'Ana',
    last_name: 'Silva',
    company_name: 'Acme Ltda',
    date_of_birth: '1990-12-25',
    entity_type: 'COMPANY',
    additional_info: { business_area: 'retail', personal_email: 'ana@example.com', personal_fiscal_country: 'BR' },
    address: { city: 'Sao Paulo', country_code: 'BR', postcode: '01000-000', street_address: 'Rua A 1' },
    person_documents: [
      { file_type: 'application/pdf', file_url: 'https://files.example/doc.pdf', labels: ['id', 'front'] },
    ],
    bank_details: {
      account_currency: 'USD',
      account_name: 'Acme',
      account_number: '123456',
      bank_account_category: 'checking,business',
      bank_country_code: 'BR',
      bank_code: '001',
      iban: 'BR00',
      swift_code: 'BRASBRRJ',
    },
  },
  beneficiary_id: 'B-1',
  fee_paid_by: 'PAYER',
  payer: {
    first_name: 'Shop',
    entity_type: 'COMPANY',
    additional_info: { job: 'owner' },
    address: { country_code: 'US' },
  },
  payment_amount: '100.00',
  payment_currency: 'USD',
  payment_date: '2025-01-31',
  payment_method: 'SWIFT',
  reason: 'invoice',
  reference: 'INV-1',
  request_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  source_amount: '100.00',
  source_currency: 'USD',
  swift_charge_option: 'SHARED',
  fund_source: 'DepositAccount',
  notify_url: 'https://shop.example/hooks/gateway',
};

function paths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

describe('payoutRequest', () => {
  it("accepts the spec's illustrative values", () => {
    expect(payoutRequest.safeParse(request).error?.issues).toBeUndefined();
  });

  it('needs the signed fields and the beneficiary', () => {
    for (const field of ['request_id', 'payment_amount', 'payment_currency', 'beneficiary', 'encryption_data']) {
      const { [field]: _, ...rest } = request as Record<string, unknown>;
      expect(paths(payoutRequest.safeParse(rest)), field).toEqual([field]);
    }
  });

  it('refuses wrong formats by their path', () => {
    expect(paths(payoutRequest.safeParse({ ...request, request_id: 'not-a-uuid' }))).toEqual(['request_id']);
    expect(paths(payoutRequest.safeParse({ ...request, payment_date: '31-01-2025' }))).toEqual(['payment_date']);
    expect(paths(payoutRequest.safeParse({ ...request, payment_date: '2025-02-30' }))).toEqual(['payment_date']);
    expect(paths(payoutRequest.safeParse({ ...request, fee_paid_by: 'MERCHANT' }))).toEqual(['fee_paid_by']);
    expect(paths(payoutRequest.safeParse({ ...request, swift_charge_option: 'OUR' }))).toEqual(['swift_charge_option']);
    expect(
      paths(payoutRequest.safeParse({ ...request, beneficiary: { ...request.beneficiary, entity_type: 'PERSON' } })),
    ).toEqual(['beneficiary.entity_type']);
    expect(
      paths(
        payoutRequest.safeParse({ ...request, beneficiary: { ...request.beneficiary, date_of_birth: '25-12-1990' } }),
      ),
    ).toEqual(['beneficiary.date_of_birth']);
    const docs = [{ file_type: 'pdf' }];
    expect(
      paths(payoutRequest.safeParse({ ...request, beneficiary: { ...request.beneficiary, person_documents: docs } })),
    ).toEqual(['beneficiary.person_documents.0.file_type']);
  });

  it('checks payment_amount and source_amount against their currencies, and > 0', () => {
    expect(paths(payoutRequest.safeParse({ ...request, payment_amount: '100' }))).toEqual(['payment_amount']);
    expect(paths(payoutRequest.safeParse({ ...request, payment_amount: '0.00' }))).toEqual(['payment_amount']);
    expect(payoutRequest.safeParse({ ...request, source_currency: 'JPY', source_amount: '15000' }).success).toBe(true);
    expect(paths(payoutRequest.safeParse({ ...request, source_currency: 'JPY' }))).toEqual(['source_amount']);
    const { source_currency: _, ...noSourceCurrency } = request;
    expect(paths(payoutRequest.safeParse(noSourceCurrency))).toEqual(['source_currency']);
  });
});
