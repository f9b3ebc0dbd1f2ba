import { expect, test } from 'vitest';
import type { PaymentMethod } from './api/client';
import { previewMethods } from './previewMethods';

const m = (id: string, over: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  kind: 'apm',
  labels: { en: id },
  enabled: true,
  sort: 0,
  countries: [],
  currencies: [],
  fields: [],
  ...over,
});

const methods = [
  m('card', { kind: 'card', sort: 0 }),
  m('boleto', {
    sort: 2,
    countries: ['BR'],
    currencies: ['BRL'],
    min_amount: '5.00',
    max_amount: '1000.00',
    fields: ['document'],
  }),
  m('pix', { sort: 1, countries: ['BR'], currencies: ['BRL'] }),
  m('ideal', { sort: 3, countries: ['NL'], currencies: ['EUR'] }),
  m('off', { sort: 4, enabled: false }),
];

const ids = (list: PaymentMethod[]) => list.map((x) => x.id);

test('a Brazilian shopper sees card, pix and boleto in sort order', () => {
  expect(ids(previewMethods(methods, { country: 'BR', currency: 'BRL', amount: '100.00' }))).toEqual([
    'card',
    'pix',
    'boleto',
  ]);
});

test('amount limits are inclusive and compared in minor units', () => {
  expect(ids(previewMethods(methods, { country: 'BR', currency: 'BRL', amount: '4.99' }))).toEqual(['card', 'pix']);
  expect(ids(previewMethods(methods, { country: 'BR', currency: 'BRL', amount: '5.00' }))).toContain('boleto');
  expect(ids(previewMethods(methods, { country: 'BR', currency: 'BRL', amount: '1000.00' }))).toContain('boleto');
  expect(ids(previewMethods(methods, { country: 'BR', currency: 'BRL', amount: '1000.01' }))).not.toContain('boleto');
});

test('country and currency both have to match; disabled methods never show', () => {
  expect(ids(previewMethods(methods, { country: 'NL', currency: 'USD', amount: '10.00' }))).toEqual(['card']);
  expect(ids(previewMethods(methods, { country: 'NL', currency: 'EUR', amount: '10.00' }))).toEqual(['card', 'ideal']);
});

test('limits follow the rule Save applies: a limit the server would refuse never lets a method through', () => {
  const jpy = { country: 'JP', currency: 'JPY', amount: '80000' };
  // no currencies: Save refuses the limit, so the preview does not ignore it either
  expect(ids(previewMethods([m('card', { kind: 'card', max_amount: '500.00' })], jpy))).toEqual([]);
  // currencies with different decimals: the limit has no single unit
  expect(
    ids(previewMethods([m('card', { kind: 'card', currencies: ['USD', 'JPY'], max_amount: '500.00' })], jpy)),
  ).toEqual([]);
  // a JPY limit written with decimals
  expect(ids(previewMethods([m('card', { kind: 'card', currencies: ['JPY'], max_amount: '500.00' })], jpy))).toEqual(
    [],
  );
  expect(ids(previewMethods([m('card', { kind: 'card', currencies: ['JPY'], max_amount: '100000' })], jpy))).toEqual([
    'card',
  ]);
  expect(ids(previewMethods([m('card', { kind: 'card', currencies: ['JPY'], max_amount: '500' })], jpy))).toEqual([]);
});
