import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { shopperDetails } from '../../shared/contract/payment';
import type { MethodField } from '../../shared/contract/session';
import { toCardChoices, toShopperDetails, type AddressValues, type FormValues } from './formValues';
import { validateShopper } from './validateShopper';

const address: AddressValues = {
  country: 'BR',
  state: 'SP',
  city: 'São Paulo',
  address: 'Rua Augusta 1500',
  postal_code: '01304-001',
};
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
  person: { document_type: '', social_name: '', net_monthly_average_income: '', fiscal_country: '' },
  installments: '',
  saved_card: '',
  save_card: false,
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
      {
        ...valid,
        first_name: ' ',
        email: 'ana@',
        phone: 'call me',
        billing: { ...address, country: '', city: 'x'.repeat(101) },
      },
      ['billing_address', 'phone'],
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
    expect(
      validateShopper({ ...valid, document: '123', birth_date: '29-02-2023' }, ['document', 'birth_date']),
    ).toEqual({
      birth_date: { key: 'invalid.birth_date' },
    });
    expect(
      validateShopper({ ...valid, document: '123', birth_date: '29-02-2024' }, ['document', 'birth_date']),
    ).toEqual({});
  });

  test('a method that declares no fields asks neither an address nor a phone, and sends neither', () => {
    const empty = { country: '', state: '', city: '', address: '', postal_code: '' };
    const bare = { ...valid, phone: '', billing: empty, delivery: empty };
    expect(validateShopper(bare, [])).toEqual({});
    const shopper = toShopperDetails(bare, []);
    expect(shopper).not.toHaveProperty('billing');
    expect(shopper).not.toHaveProperty('phone');
    expect(shopperDetails.safeParse(shopper).success).toBe(true);
    expect(validateShopper(bare, ['billing_address', 'phone'])).toEqual({
      phone: { key: 'invalid.required' },
      'billing.country': { key: 'invalid.required' },
      'billing.city': { key: 'invalid.required' },
      'billing.address': { key: 'invalid.required' },
      'billing.postal_code': { key: 'invalid.required' },
    });
  });

  test('a document number in Brazil must be a CPF or CNPJ with the right check digits', () => {
    const needs = ['document'] as const;
    expect(validateShopper({ ...valid, document: 'abc' }, needs, undefined, 'BR')).toEqual({
      document: { key: 'invalid.document' },
    });
    expect(validateShopper({ ...valid, document: '529.982.247-24' }, needs, undefined, 'BR')).toEqual({
      document: { key: 'invalid.document' },
    });
    expect(validateShopper({ ...valid, document: '529.982.247-25' }, needs, undefined, 'BR')).toEqual({});
    expect(validateShopper({ ...valid, document: '11.222.333/0001-81' }, needs, undefined, 'BR')).toEqual({});
    // no session country: the billing country decides (here BR)
    expect(validateShopper({ ...valid, document: 'abc' }, ['document', 'billing_address'])).toEqual({
      document: { key: 'invalid.document' },
    });
    expect(validateShopper({ ...valid, document: 'abc' }, needs, undefined, 'NL')).toEqual({});
  });

  test('a bank must be one the method offers', () => {
    const banks = [{ code: 'INGBNL2A' }];
    expect(validateShopper(valid, ['bank_code'], banks)).toEqual({ bank_code: { key: 'invalid.bank_code' } });
    expect(validateShopper({ ...valid, bank_code: 'EVIL' }, ['bank_code'], banks)).toEqual({
      bank_code: { key: 'invalid.bank_code' },
    });
    expect(validateShopper({ ...valid, bank_code: 'INGBNL2A' }, ['bank_code'], banks)).toEqual({});
  });

  test("a method that needs the payer's person asks for the document, its type, the number and the district", () => {
    expect(validateShopper(valid, ['person'])).toEqual({
      document: { key: 'invalid.required' },
      'person.document_type': { key: 'invalid.required' },
      'billing.number': { key: 'invalid.required' },
      'billing.district': { key: 'invalid.required' },
    });
    const filled: FormValues = {
      ...valid,
      document: '123.456.789-09',
      person: { ...valid.person, document_type: 'CPF', net_monthly_average_income: '2500.00' },
      billing: { ...address, number: '1500', district: 'Consolação' },
    };
    expect(validateShopper(filled, ['person'])).toEqual({});
    expect(
      validateShopper({ ...filled, person: { ...filled.person, net_monthly_average_income: '2.500,00' } }, ['person']),
    ).toEqual({
      'person.net_monthly_average_income': { key: 'invalid.amount' },
    });
    // a separate delivery address needs its own district
    expect(validateShopper({ ...filled, deliverySame: false, delivery: address }, ['person'])).toEqual({
      'delivery.district': { key: 'invalid.required' },
    });
    // what is sent is what the contract accepts, empty optional parts left out
    const shopper = toShopperDetails(filled, ['person']);
    expect(shopperDetails.safeParse(shopper).success).toBe(true);
    expect(shopper).toMatchObject({
      document: '123.456.789-09',
      person: { document_type: 'CPF', net_monthly_average_income: '2500.00' },
      billing: { number: '1500', district: 'Consolação' },
    });
    expect(shopper.billing).not.toHaveProperty('complement');
    expect(shopper.person).not.toHaveProperty('fiscal_country');
    // other methods send none of it
    expect(toShopperDetails(filled, [])).not.toHaveProperty('person');
    expect(toShopperDetails(filled, ['billing_address']).billing).not.toHaveProperty('number');
  });

  test('card choices are sent only where the method offers them', () => {
    const card = {
      id: 'card',
      kind: 'card' as const,
      label: 'Card',
      fields: [],
      installments: [3, 6],
      saved_cards: [{ id: 'card_1' }],
      save_card: true,
    };
    expect(toCardChoices({ ...valid, installments: '6', save_card: true }, card)).toEqual({
      installments: 6,
      save_card: true,
    });
    expect(toCardChoices({ ...valid, installments: '5' }, card)).toEqual({});
    // a saved card is already saved: no "save my card" with it
    expect(toCardChoices({ ...valid, saved_card: 'card_1', save_card: true }, card)).toEqual({ saved_card: 'card_1' });
    expect(toCardChoices({ ...valid, saved_card: 'card_other' }, card)).toEqual({});
    expect(
      toCardChoices(
        { ...valid, installments: '6', save_card: true },
        { ...card, installments: undefined, save_card: undefined },
      ),
    ).toEqual({});
    expect(
      toCardChoices(
        { ...valid, installments: '6', save_card: true },
        { id: 'pix', kind: 'apm', label: 'Pix', fields: [] },
      ),
    ).toEqual({});
  });

  test('the delivery address is checked only when it is not the billing one', () => {
    const delivery = { ...address, postal_code: '' };
    expect(validateShopper({ ...valid, delivery }, ['billing_address'])).toEqual({});
    expect(validateShopper({ ...valid, deliverySame: false, delivery }, ['billing_address'])).toEqual({
      'delivery.postal_code': { key: 'invalid.required' },
    });
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
      person: fc.constant(valid.person),
      installments: fc.constant(''),
      saved_card: fc.constant(''),
      save_card: fc.constant(false),
    });
    fc.assert(
      fc.property(arb, (values) => {
        // zod has the extra fields optional; the widget requires them when the method asks (the backend refuses
        // an empty one: missingMethodFields). Ask for the filled ones; blank is empty once trimmed.
        // Document checks by country are the backend's too, but outside zod (missingMethodFields): a country
        // without rules keeps this comparison to the contract's.
        const extra = (['document', 'birth_date'] as const).filter((f) => values[f].trim() !== '');
        const needs = ['billing_address', 'phone', ...extra] as const;
        expect(Object.keys(validateShopper(values, needs, undefined, 'NL')).sort()).toEqual(zodPaths(values, needs));
      }),
      { numRuns: 400 },
    );
  });
});
