import { regexes } from 'zod/v4/core';
import type { MethodField } from '../../shared/contract/session';
import { checkDocument } from '../../shared/document/checkDocument';
import { VALUE_FIELDS, askedFields, type ValueField, type ValueKey } from '../../shared/paymentMethods/shopperFields';
import type { MessageKey } from '../i18n/en';
import { ADDRESS_KEYS, toShopperDetails, type AddressKey, type FormValues } from './formValues';

/**
 * The rules of shared/contract/payment.ts `shopperDetails`, checked without bundling zod (zod 4 classic alone is
 * about 25 KB gzip, most of the widget's 30 KB budget). Each rule names a translated message, which zod's English
 * text could not give. validateShopper.test.ts proves both agree on every field for generated input.
 */
export type Problem = { key: MessageKey; vars?: Record<string, number> } | { text: string };
export type Problems = Record<string, Problem>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const PHONE = /^\+?[0-9 ()-]{6,30}$/;
const COUNTRY = /^[A-Z]{2}$/;
const BIRTH_DATE = /^\d{2}-\d{2}-\d{4}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

function text(value: string, max: number, required: boolean): Problem | undefined {
  if (required && value.length === 0) return { key: 'invalid.required' };
  if (value.length > max) return { key: 'invalid.too_long', vars: { max } };
  if (CONTROL.test(value)) return { key: 'invalid.characters' };
  return undefined;
}

function isRealDate(value: string): boolean {
  const [d, m, y] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A single field's problem: empty (a pick says "choose one"), not among the offered choices, not of its shape,
 * too long or with control characters, or not a document number of the country.
 */
function valueProblem(
  key: ValueKey,
  field: ValueField,
  value: string,
  banks: readonly { code: string }[] | undefined,
  country: string | undefined,
): Problem | undefined {
  const invalid = { key: `invalid.${key}` } as const;
  if (!value) return field.choices ? invalid : { key: 'invalid.required' };
  const choices = field.choices === 'banks' ? banks?.map((b) => b.code) : field.choices;
  if (choices?.length && !choices.includes(value)) return invalid;
  // the shapes of shared/paymentMethods/shopperFields.ts `format`, as the contract has them
  if (field.format)
    return (field.format === 'phone' ? PHONE.test(value) : BIRTH_DATE.test(value) && isRealDate(value))
      ? undefined
      : invalid;
  return text(value, field.max, true) ?? (field.document && checkDocument(value, country) ? invalid : undefined);
}

const ADDRESS_RULES: Record<Exclude<AddressKey, 'country'>, { max: number; required: boolean }> = {
  state: { max: 100, required: false },
  city: { max: 100, required: true },
  address: { max: 300, required: true },
  postal_code: { max: 20, required: true },
};

/**
 * Problems by field path (`email`, `billing.city`); empty when the form can be sent. `sessionCountry` (the shop's
 * word on where the shopper is, else the billing country) says which document rules apply, as on the backend.
 */
export function validateShopper(
  values: FormValues,
  needs: readonly MethodField[],
  banks?: readonly { code: string }[],
  sessionCountry?: string,
): Problems {
  const s = toShopperDetails(values, needs);
  const problems: Problems = {};
  const add = (path: string, problem: Problem | undefined) => {
    if (problem) problems[path] = problem;
  };
  const asked = askedFields(needs);
  add('first_name', text(s.first_name, 100, true));
  add('last_name', text(s.last_name, 100, true));
  if (s.email.length === 0) add('email', { key: 'invalid.required' });
  else if (s.email.length > 100) add('email', { key: 'invalid.too_long', vars: { max: 100 } });
  else if (!regexes.email.test(s.email)) add('email', { key: 'invalid.email' });
  // the method's single fields (phone, document, bank_code, ...)
  for (const [key, field] of VALUE_FIELDS)
    if (asked.has(key))
      add(key, valueProblem(key, field, values[key].trim(), banks, sessionCountry ?? s.billing?.country));
  const addresses = [
    ...(s.billing ? [['billing', s.billing] as const] : []),
    ...(s.delivery ? [['delivery', s.delivery] as const] : []),
  ];
  if (s.person) {
    add('person.document_type', text(s.person.document_type, 30, true));
    add('person.social_name', text(s.person.social_name ?? '', 100, false));
    const income = s.person.net_monthly_average_income;
    if (income !== undefined && !DECIMAL.test(income))
      add('person.net_monthly_average_income', { key: 'invalid.amount' });
    for (const [prefix, a] of addresses) {
      add(`${prefix}.number`, text(a.number ?? '', 20, prefix === 'billing'));
      add(`${prefix}.complement`, text(a.complement ?? '', 100, false));
      add(`${prefix}.district`, text(a.district ?? '', 100, true));
    }
  }
  for (const [prefix, a] of addresses) {
    for (const key of ADDRESS_KEYS) {
      if (key === 'country') {
        if (!COUNTRY.test(a.country))
          add(`${prefix}.country`, { key: a.country ? 'invalid.country' : 'invalid.required' });
      } else {
        const rule = ADDRESS_RULES[key];
        add(`${prefix}.${key}`, text(a[key] ?? '', rule.max, rule.required));
      }
    }
  }
  return problems;
}
