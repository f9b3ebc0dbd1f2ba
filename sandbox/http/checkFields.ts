import { CODED_VALUES } from '../../shared/gateway/fields';
import { isCurrency } from '../../shared/gateway/currencies';
import { decodeItems } from '../../shared/gateway/items';
import { isAmount, toMinor } from '../../shared/gateway/money';
import { GatewayError } from './gatewayError';
import type { FieldRule } from './fieldRules';
import type { Fields } from './readFields';

/**
 * Applies `rules` in order and throws the first failure as a GatewayError. `prefix` names the field in a list
 * (e.g. `refund_orders[3].`), so a batch item's error says which item it is.
 */
export function checkFields(fields: Fields, rules: readonly FieldRule[], prefix = ''): void {
  for (const rule of rules) checkField(fields, rule, prefix);
}

function checkField(fields: Fields, rule: FieldRule, prefix: string): void {
  const { field, format } = rule;
  const source = prefix + field;
  const value = fields[field];
  const invalid = (why: string) => new GatewayError(rule.invalid ?? 'I0059', source, `${field} ${why}`);
  if (value === undefined || value === null || value === '') {
    if (rule.required)
      throw new GatewayError(rule.required, source, rule.required === 'I0059' ? `${field} is required` : undefined);
    return;
  }
  if (format === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid('must be an object');
    return;
  }
  if (format === 'array') {
    if (!Array.isArray(value)) throw invalid('must be an array');
    return;
  }
  if (format === 'integer') {
    // the spec types checkout_time as a number; a form carries it as digits
    if (!(Number.isSafeInteger(value) || (typeof value === 'string' && /^\d{1,15}$/.test(value))))
      throw invalid('must be a whole number');
    return;
  }
  if (typeof value !== 'string') throw invalid('must be a string');
  if (rule.max !== undefined && value.length > rule.max) {
    throw new GatewayError(rule.tooLong ?? 'I0060', source, `${field} must be at most ${rule.max} characters`);
  }
  if (typeof format === 'object') {
    const allowed: readonly string[] = CODED_VALUES[format.coded];
    if (!allowed.includes(value)) throw invalid(`must be one of ${allowed.join(', ')}`);
    return;
  }
  switch (format) {
    case 'text':
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
        throw invalid('must not contain control characters');
      return;
    case 'currency':
      if (!/^[A-Z]{3}$/.test(value) || !isCurrency(value))
        throw invalid('must be an ISO 4217 currency code, e.g. "USD"');
      return;
    case 'amount':
    case 'amountOrZero': {
      const currency = fields[rule.currencyField ?? 'currency'];
      // a missing or unknown currency has its own rule; without one, only the shape can be checked
      const ok =
        typeof currency === 'string' && isCurrency(currency)
          ? isAmount(value, currency)
          : /^(0|[1-9]\d*)(\.\d+)?$/.test(value);
      if (!ok)
        throw invalid(
          typeof currency === 'string' && isCurrency(currency)
            ? `is not an amount in ${currency} (e.g. "${example(currency)}")`
            : 'is not a decimal amount',
        );
      if (
        format === 'amount' &&
        typeof currency === 'string' &&
        isCurrency(currency) &&
        toMinor(value, currency) === 0
      ) {
        throw new GatewayError('I0021', source, `${field} must be greater than 0`);
      }
      return;
    }
    case 'url':
    case 'returnUrl':
    case 'notifyUrl':
      if (!isHttpUrl(value)) throw invalid('must be an absolute http(s) URL');
      if (format === 'returnUrl' && value.includes('&')) throw invalid('must not contain "&" (it is signed)');
      if (format === 'notifyUrl' && !isHttpsOrLoopback(value))
        throw invalid('must be https: the gateway sends no notification over plain http (allowed on loopback only)');
      return;
    case 'items':
      try {
        decodeItems(value);
      } catch (e) {
        throw invalid(`are not "name#,#sku#,#unit_price#,#quantity" joined by "#;#": ${(e as Error).message}`);
      }
      return;
    case 'dayMonthYear':
      if (!isRealDate(value, /^(\d{2})-(\d{2})-(\d{4})$/, [3, 2, 1]))
        throw invalid('must be a real date as DD-MM-YYYY');
      return;
    case 'isoDate':
      if (!isRealDate(value, /^(\d{4})-(\d{2})-(\d{2})$/, [1, 2, 3]))
        throw invalid('must be a real date as YYYY-MM-DD');
      return;
    case 'country':
      if (!/^[A-Z]{2}$/.test(value)) throw invalid('must be a two-letter ISO 3166 code in capitals');
      return;
    case 'uuid':
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
        throw invalid('must be a UUID');
      return;
  }
}

function example(currency: string): string {
  return isAmount('1036', currency)
    ? '1036'
    : isAmount('10.36', currency)
      ? '10.36'
      : isAmount('1.036', currency)
        ? '1.036'
        : '1.0360';
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** https anywhere; http only to 127.0.0.0/8, ::1 or localhost, where no network carries it. */
function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function isRealDate(value: string, pattern: RegExp, [yi, mi, di]: [number, number, number]): boolean {
  const m = pattern.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[yi]), Number(m[mi]), Number(m[di])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}
