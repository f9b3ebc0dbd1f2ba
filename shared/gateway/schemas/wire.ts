import { z } from 'zod';
import { birthDate, countryCode, httpUrl } from '../../contract/primitives';
import { isCurrency } from '../currencies';
import { CODED_VALUES, MAX_LENGTH, type CodedField } from '../fields';
import { MAX_AMOUNT_CHARS, isAmount, toMinor } from '../money';

/**
 * Building blocks of the gateway's wire format (docs/protocol-decisions.md 1). Every value is a string unless the spec
 * gives another type. Messages say what is wrong with the value; the issue path names the field.
 */

export type LimitedField = keyof typeof MAX_LENGTH;

/** Any string value; the spec gives no limit for most fields, so none is invented. */
export const str = z.string({ error: 'must be a string' });

/** A string within the field's documented length limit. */
export function limited(field: LimitedField) {
  const max = MAX_LENGTH[field];
  return str.max(max, `must be at most ${max} characters`);
}

/** A mandatory value: present and not empty (the gateway's "... is empty" codes). */
export function required(field?: LimitedField) {
  const base = z.string({ error: 'is required' }).min(1, { message: 'must not be empty', abort: true });
  return field ? base.max(MAX_LENGTH[field], `must be at most ${MAX_LENGTH[field]} characters`) : base;
}

/** One of the field's coded values (fields.ts CODED_VALUES). */
export function coded<F extends CodedField>(field: F) {
  const values = CODED_VALUES[field];
  return z.enum(values, { error: `must be one of ${values.map((v) => `"${v}"`).join(', ')}` });
}

/** ISO 4217 code the gateway knows (I0022 when empty, I0023 otherwise). */
export const currency = z
  .string({ error: 'is required' })
  .min(1, { message: 'must not be empty', abort: true })
  .regex(/^[A-Z]{3}$/, { message: 'must be a three-letter ISO 4217 code in capitals, e.g. "USD"', abort: true })
  .refine(isCurrency, 'is not a known ISO 4217 currency');

/**
 * A decimal amount string. Its exact number of decimals depends on the currency, so the enclosing object checks
 * it with `checkAmount`; this only refuses what is never an amount (a sign, an exponent, separators).
 */
export const decimal = z
  .string({ error: 'must be a decimal string, e.g. "10.36"' })
  .min(1, { message: 'must not be empty', abort: true })
  .max(MAX_AMOUNT_CHARS, { message: `must be at most ${MAX_AMOUNT_CHARS} characters`, abort: true })
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "10.36" (no sign, exponent or thousands separator)');

/**
 * Marks a zero amount's issue, the gateway's I0021 rather than I0020, for a caller that maps issues to gateway
 * codes. None reads it today: the sandbox answers I0021 from its own field rules (sandbox/http/checkFields.ts).
 */
const AMOUNT_NOT_POSITIVE = 'amount_not_positive';

/**
 * Checks `value` at `path` is exact in `currencyCode` (money.ts) and, when `positive`, greater than zero as a
 * separate issue (the gateway tells I0020 "invalid" from I0021 "must be greater than 0"). Skips when the
 * currency itself is already wrong: that has its own issue.
 */
export function checkAmount(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  value: unknown,
  currencyCode: unknown,
  positive: boolean,
): void {
  if (typeof value !== 'string' || typeof currencyCode !== 'string' || !isCurrency(currencyCode)) return;
  if (!/^\d+(\.\d+)?$/.test(value)) return; // the field's own schema has reported it
  if (!isAmount(value, currencyCode)) {
    ctx.addIssue({ code: 'custom', path, input: value, message: amountFormatMessage(currencyCode) });
    return;
  }
  if (positive && toMinor(value, currencyCode) === 0) {
    ctx.addIssue({
      code: 'custom',
      path,
      input: value,
      message: 'must be greater than 0',
      params: { reason: AMOUNT_NOT_POSITIVE },
    });
  }
}

function amountFormatMessage(currencyCode: string): string {
  return isAmount('1', currencyCode)
    ? `must be a whole number for ${currencyCode}, e.g. "1036"`
    : `must have exactly the decimals of ${currencyCode}, e.g. "${isAmount('1.00', currencyCode) ? '10.36' : isAmount('1.000', currencyCode) ? '10.360' : '10.3600'}"`;
}

/** Two characters, e.g. a phone country code "55" (spec: "string, 2 characters"). */
export const twoChars = str.length(2, 'must be exactly 2 characters');
export const threeChars = str.length(3, 'must be exactly 3 characters');

/** ISO 3166 alpha-2 in capitals. */
export const country = countryCode;

/**
 * DD-MM-YYYY, a real date (docs/gateway-api.md 2.2); the shape is checked first so a wrong one is one issue, not two.
 */
export const dayMonthYear = z
  .string({ error: 'must be a date as DD-MM-YYYY' })
  .regex(/^\d{2}-\d{2}-\d{4}$/, { message: 'must be a date as DD-MM-YYYY', abort: true })
  .pipe(birthDate);

/** YYYY-MM-DD, a real date (spec 2.6, 2.7). */
export const isoDate = z.iso.date({ error: 'must be a real date as YYYY-MM-DD' });

/**
 * return_url: an absolute http(s) URL without "&", because the URL is part of the signed values and the
 * gateway family's docs forbid "&" in it.
 */
export const returnUrl = z
  .string({ error: 'is required' })
  .min(1, { message: 'must not be empty', abort: true })
  .pipe(httpUrl(MAX_LENGTH.return_url))
  .refine((v) => !v.includes('&'), 'must not contain "&" (the return_url is signed)');

export const notifyUrl = httpUrl(MAX_LENGTH.notify_url);

export const envelope = {
  merchant_id: required('merchant_id'),
  account_id: required('account_id'),
  encryption_data: required(),
};
