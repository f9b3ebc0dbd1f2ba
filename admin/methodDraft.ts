import type { FieldError } from '../shared/contract/errors';
import { isCurrency } from '../shared/gateway/currencies';
import type { PaymentMethod } from './api/client';

/** A payment method as the form edits it: lists and limits as the text the owner types. */
export interface MethodDraft
  extends Omit<PaymentMethod, 'countries' | 'currencies' | 'min_amount' | 'max_amount' | 'installments'> {
  countries: string;
  currencies: string;
  min_amount: string;
  max_amount: string;
  /** a card's installment counts, e.g. "3, 6, 12" */
  installments: string;
}

export function toDraft(m: PaymentMethod): MethodDraft {
  return {
    ...m,
    labels: { ...m.labels },
    fields: [...m.fields],
    countries: m.countries.join(', '),
    currencies: m.currencies.join(', '),
    min_amount: m.min_amount ?? '',
    max_amount: m.max_amount ?? '',
    installments: (m.installments ?? []).join(', '),
  };
}

/**
 * The list to PUT: order by position, codes in capitals, empty limits and labels left out. Fields the page does
 * not edit (an iDEAL method's banks, anything newer) go back exactly as they came.
 */
export function fromDrafts(drafts: readonly MethodDraft[]): PaymentMethod[] {
  return drafts.map((d, i) => {
    const { countries, currencies, min_amount, max_amount, payment_method, open3d, installments, ...rest } = d;
    const m: PaymentMethod = {
      ...rest,
      id: d.id.trim(),
      labels: Object.fromEntries(
        Object.entries(d.labels)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, v.trim()]),
      ),
      sort: i,
      countries: codes(countries),
      currencies: codes(currencies),
    };
    if (d.kind === 'apm' && payment_method) m.payment_method = payment_method.trim();
    if (d.kind === 'card' && open3d) m.open3d = open3d;
    // a card always sends its counts (none = pay at once only); as typed, but in order and each once
    if (d.kind === 'card') m.installments = [...new Set(counts(installments).map(Number))].sort((a, b) => a - b);
    if (min_amount.trim()) m.min_amount = min_amount.trim();
    if (max_amount.trim()) m.max_amount = max_amount.trim();
    return m;
  });
}

function codes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase()),
    ),
  ];
}

function counts(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** What the backend accepts as an installment count (server/methods/methodsBody.ts). */
const isInstallmentCount = (c: string) => /^\d{1,2}$/.test(c) && Number(c) >= 2 && Number(c) <= 48;

const DECIMAL = /^\d+(\.\d+)?$/;

/** What the backend would refuse, found before saving; paths match the PUT body (`methods.2.countries`). */
export function validateMethods(drafts: readonly MethodDraft[]): FieldError[] {
  const errors: FieldError[] = [];
  const add = (i: number, field: string, message: string) => errors.push({ path: `methods.${i}.${field}`, message });
  const seen = new Set<string>();
  drafts.forEach((d, i) => {
    const id = d.id.trim();
    if (!/^[a-z0-9_-]{1,40}$/.test(id)) add(i, 'id', 'must be 1 to 40 lower-case letters, digits, "-" or "_"');
    else if (seen.has(id)) add(i, 'id', 'is used by another method');
    seen.add(id);
    if (d.kind === 'apm' && !d.payment_method?.trim())
      add(i, 'payment_method', 'is required for an APM (the gateway code, e.g. PIX)');
    if (!d.labels.en?.trim()) add(i, 'labels.en', 'is required: it is the fallback for every other language');
    const badCountries = codes(d.countries).filter((c) => !/^[A-Z]{2}$/.test(c));
    if (badCountries.length) add(i, 'countries', `not a two-letter country code: ${badCountries.join(', ')}`);
    const badCurrencies = codes(d.currencies).filter((c) => !isCurrency(c));
    if (badCurrencies.length) add(i, 'currencies', `not an ISO 4217 currency: ${badCurrencies.join(', ')}`);
    const badCounts = d.kind === 'card' ? counts(d.installments).filter((c) => !isInstallmentCount(c)) : [];
    if (badCounts.length) add(i, 'installments', `each must be a whole number from 2 to 48: ${badCounts.join(', ')}`);
    const min = d.min_amount.trim();
    const max = d.max_amount.trim();
    if (min && !DECIMAL.test(min)) add(i, 'min_amount', 'must be a decimal amount such as 10.00');
    if (max && !DECIMAL.test(max)) add(i, 'max_amount', 'must be a decimal amount such as 5000.00');
    if (min && max && DECIMAL.test(min) && DECIMAL.test(max) && compareDecimal(min, max) > 0)
      add(i, 'max_amount', 'must not be less than the minimum');
  });
  return errors;
}

/** Compares two decimal strings exactly (digits, not floats): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
