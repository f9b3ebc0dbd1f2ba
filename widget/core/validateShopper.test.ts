import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { shopperDetails } from '../../shared/contract/payment';
import type { MethodField } from '../../shared/contract/session';
import { toShopperDetails, type AddressValues, type FormValues } from './formValues';
import { validateShopper } from './validateShopper';

const address: AddressValues = { country: 'BR', state: 'SP', city: 'São Paulo', address: 'Rua Augusta 1500', postal_code: '01304-001' };
const valid: FormValues = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '+55 11 91234 5678',
  document: '',
  birth_date: '',
  bank_code: '',
  billing: address,
  deliverySame: true,
  delivery: address,
};

/** Paths the shared zod schema refuses, in the form's terms. */
function zodPaths(values: FormValues, needs: readonly MethodField[]): string[] {
  const result = shopperDetails.safeParse(toShopperDetails(values, needs));
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.join('.')))].sort();
}

describe('validateShopper', () => {
  test('a complete shopper passes', () => {
    expect(validateShopper(valid, [])).toEqual({});
  });

  test('names each failing field with a translatable reason', () => {
    const problems = validateShopper(
      { ...valid, first_name: ' ', email: 'ana@', phone: 'call me', billing: { ...address, country: '', city: 'x'.repeat(101) } },
      [],
    );
    expect(problems).toEqual({
      first_name: { key: 'invalid.required' },
      email: { key: 'invalid.email' },
      phone: { key: 'invalid.phone' },
      'billing.country': { key: 'invalid.required' },
      'billing.city': { key: 'invalid.too_long', vars: { max: 100 } },
    });
  });

  test("the method's extra fields are required only when the method declares them", () => {
    expect(validateShopper(valid, [])).toEqual({});
    expect(validateShopper(valid, ['document', 'birth_date'])).toEqual({
      document: { key: 'invalid.required' },
      birth_date: { key: 'invalid.required' },
    });
    expect(validateShopper({ ...valid, document: '123', birth_date: '29-02-2023' }, ['document', 'birth_date'])).toEqual({
      birth_date: { key: 'invalid.birth_date' },
    });
    expect(validateShopper({ ...valid, document: '123', birth_date: '29-02-2024' }, ['document', 'birth_date'])).toEqual({});
  });

  test('a bank must be one the method offers', () => {
    const banks = [{ code: 'INGBNL2A' }];
    expect(validateShopper(valid, ['bank_code'], banks)).toEqual({ bank_code: { key: 'invalid.bank_code' } });
    expect(validateShopper({ ...valid, bank_code: 'EVIL' }, ['bank_code'], banks)).toEqual({ bank_code: { key: 'invalid.bank_code' } });
    expect(validateShopper({ ...valid, bank_code: 'INGBNL2A' }, ['bank_code'], banks)).toEqual({});
  });

  test('the delivery address is checked only when it is not the billing one', () => {
    const delivery = { ...address, postal_code: '' };
    expect(validateShopper({ ...valid, delivery }, [])).toEqual({});
    expect(validateShopper({ ...valid, deliverySame: false, delivery }, [])).toEqual({ 'delivery.postal_code': { key: 'invalid.required' } });
  });

  // The widget does not bundle zod, so this is what keeps its rules the contract's: for any input, both refuse
  // exactly the same fields.
  test('agrees with the shared zod schema on every field, for generated input', () => {
    const pick = (...options: string[]) => fc.constantFrom(...options);
    const field = (good: string, ...bad: string[]) => fc.oneof(pick(good, ...bad), fc.string({ maxLength: 12 }));
    const addressArb = fc.record({
      country: field('BR', '', 'br', 'BRA', 'B1'),
      state: field('', 'SP', 'x'.repeat(101), 'a\nb'),
      city: field('Recife', '', ' ', 'x'.repeat(101), 'tab\there'),
      address: field('Rua 1', '', 'x'.repeat(301)),
      postal_code: field('50000-000', '', 'x'.repeat(21)),
    });
    const arb = fc.record({
      first_name: field('Ana', '', '  ', 'x'.repeat(101), 'a\u0007b', ' Ana '),
      last_name: field('Silva', '', 'x'.repeat(100), 'x'.repeat(101)),
      email: field('a@b.co', '', 'a@b', 'a b@c.de', '.a@b.co', 'a..b@c.de', `${'a'.repeat(95)}@b.com`, ' a@b.co '),
      phone: field('+55 11 91234 5678', '', '12345', '(11) 1234-5678', '+1'.repeat(16), 'abc123456'),
      document: field('', '123.456.789-09', 'x'.repeat(51), 'a\nb'),
      birth_date: field('', '01-01-1990', '31-04-1990', '1990-01-01', '29-02-2024', '29-02-2023', '00-01-2000'),
      bank_code: fc.constant(''),
      billing: addressArb,
      deliverySame: fc.boolean(),
      delivery: addressArb,
    });
    fc.assert(
      fc.property(arb, (values) => {
        // zod has the extra fields optional; the widget requires them when the method asks. Ask for the filled ones.
        const needs = (['document', 'birth_date'] as const).filter((f) => values[f] !== '');
        expect(Object.keys(validateShopper(values, needs)).sort()).toEqual(zodPaths(values, needs));
      }),
      { numRuns: 400 },
    );
  });
});
