import { describe, expect, it } from 'vitest';
import { checkPayoutDestination, payoutRailOf } from './checkPayoutDestination';

const paths = (errors: { path: string }[]) => errors.map((e) => e.path);

describe('checkPayoutDestination', () => {
  it('refuses a payout that names no account and no registered beneficiary', () => {
    expect(checkPayoutDestination({ payment_method: 'SWIFT' })).toEqual([
      { path: 'beneficiary.bank_details', message: expect.stringContaining('which bank account') },
    ]);
    expect(checkPayoutDestination({ payment_method: 'SWIFT', beneficiary_id: 'b_1' })).toEqual([]);
  });

  it('a SWIFT payout needs an IBAN, or an account number with the SWIFT/BIC', () => {
    expect(checkPayoutDestination({ bank_details: { iban: 'DE89370400440532013000' } })).toEqual([]);
    expect(checkPayoutDestination({ bank_details: { account_number: '123456', swift_code: 'DEUTDEFF' } })).toEqual([]);
    expect(paths(checkPayoutDestination({ payment_method: 'SWIFT', bank_details: { account_number: '1' } }))).toEqual([
      'beneficiary.bank_details.swift_code',
    ]);
    expect(paths(checkPayoutDestination({ bank_details: { swift_code: 'DEUTDEFF', account_name: 'A' } }))).toEqual([
      'beneficiary.bank_details.account_number',
    ]);
  });

  it('a local payout needs the account, the bank code and the country unless an IBAN names them', () => {
    expect(
      paths(checkPayoutDestination({ payment_method: 'ACH', bank_details: { account_number: '1' } }, 'bank_details')),
    ).toEqual(['bank_details.bank_code', 'bank_details.bank_country_code']);
    expect(
      checkPayoutDestination({
        payment_method: 'ACH',
        bank_details: { account_number: '1', bank_code: '021000021', bank_country_code: 'US' },
      }),
    ).toEqual([]);
    expect(checkPayoutDestination({ payment_method: 'SEPA', bank_details: { iban: 'NL91ABNA0417164300' } })).toEqual(
      [],
    );
  });

  it('checks the IBAN against its country and the SWIFT/BIC format', () => {
    expect(
      paths(checkPayoutDestination({ bank_details: { iban: 'DE41370400440532013', swift_code: 'deutdeff' } })),
    ).toEqual(['beneficiary.bank_details.iban', 'beneficiary.bank_details.swift_code']);
  });

  it('a payout without a method, or SWIFT in any case, is a wire', () => {
    expect([payoutRailOf(undefined), payoutRailOf('swift'), payoutRailOf('PIX')]).toEqual(['swift', 'swift', 'local']);
  });
});
