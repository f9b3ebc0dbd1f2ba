import { describe, expect, it } from 'vitest';
import { recipientFieldLabel, recipientFields } from './recipientFields';

const paths = (v: { entityType: string; country: string; method: string }) =>
  recipientFields(v)
    .map((f) => f.path)
    .filter((p) => p.includes('bank_details.') && !p.endsWith('account_name'));

describe('recipientFields', () => {
  it('asks a company for its name and a person for two names, never both', () => {
    const company = recipientFields({ entityType: 'COMPANY', country: 'DE', method: 'SWIFT' }).map((f) => f.path);
    expect(company).toContain('beneficiary.company_name');
    expect(company).not.toContain('beneficiary.first_name');
    const person = recipientFields({ entityType: 'PERSONAL', country: 'DE', method: 'SWIFT' }).map((f) => f.path);
    expect(person).toEqual(expect.arrayContaining(['beneficiary.first_name', 'beneficiary.last_name']));
    expect(person).not.toContain('beneficiary.company_name');
  });

  it('shows the bank fields the method needs in the country: an IBAN where there are IBANs', () => {
    expect(paths({ entityType: 'COMPANY', country: 'DE', method: 'SEPA' })).toEqual(['beneficiary.bank_details.iban']);
    expect(paths({ entityType: 'COMPANY', country: 'DE', method: 'SWIFT' })).toEqual([
      'beneficiary.bank_details.iban',
      'beneficiary.bank_details.swift_code',
    ]);
    expect(paths({ entityType: 'COMPANY', country: 'US', method: 'SWIFT' })).toEqual([
      'beneficiary.bank_details.account_number',
      'beneficiary.bank_details.swift_code',
    ]);
    expect(paths({ entityType: 'COMPANY', country: 'US', method: 'ACH' })).toEqual([
      'beneficiary.bank_details.account_number',
      'beneficiary.bank_details.bank_code',
    ]);
    // no country yet: no bank fields to guess at
    expect(paths({ entityType: 'COMPANY', country: '', method: 'ACH' })).toEqual([]);
  });

  it('names every field in words for error messages', () => {
    expect(recipientFieldLabel('beneficiary.bank_details.bank_code')).toBe('Bank code');
    expect(recipientFieldLabel('beneficiary.last_name')).toBe('Last name');
  });
});
