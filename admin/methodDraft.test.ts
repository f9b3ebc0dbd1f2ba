import { expect, test } from 'vitest';
import type { PaymentMethod } from './api/client';
import { compareDecimal, fromDrafts, toDraft, validateMethods } from './methodDraft';

const pix: PaymentMethod = {
  id: 'pix',
  kind: 'apm',
  payment_method: 'PIX',
  labels: { en: 'PIX', fr: 'PIX' },
  enabled: true,
  sort: 5,
  countries: ['BR'],
  currencies: ['BRL'],
  fields: [],
};

test('a method survives the round trip through the form, with sort set by position', () => {
  expect(fromDrafts([toDraft(pix)])).toEqual([{ ...pix, sort: 0 }]);
});

test('fields the page does not edit, like the banks of iDEAL, are sent back unchanged', () => {
  const ideal: PaymentMethod = {
    ...pix,
    id: 'ideal',
    payment_method: 'IDEAL',
    fields: ['bank_code'],
    banks: [{ code: 'INGBNL2A', name: 'ING' }],
  };
  const extra = { ...ideal, future_flag: true } as PaymentMethod;
  expect(fromDrafts([toDraft(extra)])[0]).toEqual({ ...extra, sort: 0 });
});

test('typed lists are split, upper-cased and deduplicated; empty labels and limits are left out', () => {
  const d = {
    ...toDraft(pix),
    countries: 'br, pt;BR  ',
    currencies: 'brl eur',
    labels: { en: 'Pix ', fr: ' ' },
    min_amount: ' ',
    max_amount: '10.00',
  };
  expect(fromDrafts([d])[0]).toMatchObject({
    countries: ['BR', 'PT'],
    currencies: ['BRL', 'EUR'],
    labels: { en: 'Pix' },
    max_amount: '10.00',
  });
  expect(fromDrafts([d])[0]).not.toHaveProperty('min_amount');
});

test('validation names each bad field by its path in the PUT body', () => {
  const bad = {
    ...toDraft(pix),
    countries: 'BRA',
    currencies: 'XXX',
    min_amount: '10.00',
    max_amount: '9.99',
    payment_method: '',
  };
  const dup = toDraft({ ...pix, labels: {} });
  expect(validateMethods([bad, dup])).toEqual([
    { path: 'methods.0.payment_method', message: 'is required for an APM (the gateway code, e.g. PIX)' },
    { path: 'methods.0.countries', message: 'not a two-letter country code: BRA' },
    { path: 'methods.0.currencies', message: 'not an ISO 4217 currency: XXX' },
    { path: 'methods.0.max_amount', message: 'must not be less than the minimum' },
    { path: 'methods.1.id', message: 'is used by another method' },
    { path: 'methods.1.labels.en', message: 'is required: it is the fallback for every other language' },
  ]);
  expect(validateMethods([toDraft(pix)])).toEqual([]);
});

test('decimals compare exactly whatever their number of digits', () => {
  expect(compareDecimal('10', '9.99')).toBe(1);
  expect(compareDecimal('0.1', '0.10')).toBe(0);
  expect(compareDecimal('12345678901234.5', '12345678901234.51')).toBe(-1);
});

test("a card's installment counts round-trip as numbers; an APM sends none", () => {
  const card: PaymentMethod = {
    id: 'card',
    kind: 'card',
    labels: { en: 'Card' },
    enabled: true,
    sort: 0,
    countries: [],
    currencies: [],
    fields: [],
    installments: [3, 6, 12],
  };
  expect(toDraft(card).installments).toBe('3, 6, 12');
  expect(fromDrafts([toDraft(card)])).toEqual([card]);
  expect(fromDrafts([{ ...toDraft(card), installments: '24;2 2' }])[0]!.installments).toEqual([2, 24]);
  expect(fromDrafts([{ ...toDraft(card), installments: ' ' }])[0]!.installments).toEqual([]);
  expect(fromDrafts([toDraft(pix)])[0]).not.toHaveProperty('installments');
  expect(validateMethods([{ ...toDraft(card), installments: '1, 6, 49, 2.5' }])).toEqual([
    { path: 'methods.0.installments', message: 'each must be a whole number from 2 to 48: 1, 49, 2.5' },
  ]);
});
