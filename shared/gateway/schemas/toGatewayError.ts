import type { z } from 'zod';
import type { GatewayErrorCode } from '../errors';
import { AMOUNT_NOT_POSITIVE } from './wire';

/** The field's own code when it is missing or empty (PROTOCOL.md 5); any other field gets I0059. */
const EMPTY_CODE: Record<string, GatewayErrorCode> = {
  merchant_id: 'I0001',
  account_id: 'I0002',
  encryption_data: 'I0003',
  order_no: 'I0017',
  amount: 'I0019',
  currency: 'I0022',
  return_url: 'I0024',
  payment_method: 'I0069',
};

/** The field's own code when it is too long; any other field gets I0060. */
const TOO_LONG_CODE: Record<string, GatewayErrorCode> = { order_no: 'I0018', return_url: 'I0025' };

/** The field's own code when its value has the wrong form. */
const INVALID_CODE: Record<string, GatewayErrorCode> = { amount: 'I0020', currency: 'I0023' };

export interface GatewayError {
  code: GatewayErrorCode;
  /** the dotted field path, e.g. `person.phone_country_code` */
  source: string;
  message: string;
}

/**
 * The gateway error (PROTOCOL.md 5) for the first issue of a failed parse of `input`: the code the gateway
 * answers for that field. The sandbox does not use it: it checks fields by its own rules
 * (sandbox/http/checkFields.ts). `input` is what was parsed: zod does not keep the rejected values, and "empty"
 * depends on them. A wrong form of a field with no own code is reported as I0059 with a message saying what is wrong [ours: the
 * family's catalogue has no generic "invalid parameter" code].
 */
export function toGatewayError(error: z.ZodError, input: unknown): GatewayError {
  const issue = error.issues[0];
  if (!issue) return { code: 'I0059', source: '', message: 'request is invalid' };
  const source = issue.path.map(String).join('.');
  const top = issue.path.length === 1 ? String(issue.path[0]) : '';
  const message = `${source || 'request'} ${issue.message}`;
  const value = valueAt(input, issue.path);
  if (value === undefined || value === null || value === '')
    return { code: EMPTY_CODE[top] ?? 'I0059', source, message };
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { code: TOO_LONG_CODE[top] ?? 'I0060', source, message };
  if (issue.code === 'custom' && issue.params?.reason === AMOUNT_NOT_POSITIVE)
    return { code: 'I0021', source, message };
  return { code: INVALID_CODE[top] ?? 'I0059', source, message };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
