import { z } from 'zod';
import { isCurrency } from '../gateway/currencies';
import { MAX_AMOUNT_CHARS } from '../gateway/money';

/** Building blocks of the widget<->backend contract. Messages are written for the person who sent the field. */
export const currencyCode = z
  .string({ error: 'is required' })
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code in capitals, e.g. "USD"')
  .refine(isCurrency, 'is not a known ISO 4217 currency');

/** A decimal string; its exact number of decimals is checked against the currency by the enclosing schema. */
export const decimalString = z
  .string({ error: 'must be a decimal string, e.g. "25.00"' })
  .max(MAX_AMOUNT_CHARS, `must be at most ${MAX_AMOUNT_CHARS} characters`)
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "25.00" (no sign, no exponent, no thousands separator)');

export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 country code in capitals, e.g. "BR"');

export const orderNo = z
  .string()
  .min(1, 'must not be empty')
  .max(50, 'must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"');

/** "safe" text: no control characters; the length is the gateway's. */
export const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');

export const httpUrl = (max = 1000) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'must be an absolute http(s) URL');

/** DD-MM-YYYY, a real calendar date (docs/gateway-api.md 2.2 birth_date). */
export const birthDate = z
  .string()
  .regex(/^\d{2}-\d{2}-\d{4}$/, 'must be a date as DD-MM-YYYY')
  .refine((v) => {
    const [d, m, y] = v.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'is not a real date');

export const email = z.string().max(100, 'must be at most 100 characters').email('must be an e-mail address');

/** A BCP 47 language tag as the widget and the shop send it: "fr", "pt-BR", "zh-CN". */
export const localeTag = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 language tag, e.g. "pt-BR"');
