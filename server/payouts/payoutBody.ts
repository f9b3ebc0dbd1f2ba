import { API_ERROR, describeFieldErrors, toFieldErrors, type FieldError } from '../../shared/contract/errors';
import { payoutRequest, type PayoutRequest } from '../../shared/gateway/schemas/payout';
import { ApiError } from '../apiError';
import { checkParty } from '../../shared/payouts/checkParty';
import { checkPayoutDestination } from '../../shared/payouts/checkPayoutDestination';

/** What the owner sends: the request of docs/gateway-api.md 2.7 without what the backend fills in. */
export type PayoutFields = Omit<
  PayoutRequest,
  'merchant_id' | 'account_id' | 'encryption_data' | 'request_id' | 'notify_url'
>;

/** Set by the backend: the account, the signature, request_id (from Idempotency-Key) and our notify_url. */
const FILLED_BY_BACKEND = ['merchant_id', 'account_id', 'encryption_data', 'request_id', 'notify_url'] as const;
const PLACEHOLDERS = {
  merchant_id: '0',
  account_id: '0',
  encryption_data: '0',
  request_id: '00000000-0000-4000-8000-000000000000',
};

/**
 * Validates a payout body (spec 2.7) with the shared gateway schema, then the rules the spec leaves to us:
 * the beneficiary and payer identified, and a destination its payment method can reach
 * (`checkPayoutDestination`: a registered beneficiary_id, or bank details by the rail's rules). Every error names its field path; a 400 lists them all.
 */
export function parsePayoutBody(value: unknown, today: string): PayoutFields {
  const errors: FieldError[] = [];
  const body =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (!body)
    throw new ApiError(400, API_ERROR.invalid_request, '(body): must be a JSON object', [
      { path: '(body)', message: 'must be a JSON object' },
    ]);
  for (const field of FILLED_BY_BACKEND)
    if (field in body) errors.push({ path: field, message: 'is not allowed: the backend sets it' });
  const parsed = payoutRequest.safeParse({ ...body, ...PLACEHOLDERS });
  if (!parsed.success)
    errors.push(
      ...toFieldErrors(parsed.error).map((f) =>
        f.path === 'beneficiary' ? { ...f, message: 'is required: who receives the money' } : f,
      ),
    );
  if (parsed.success) {
    const p = parsed.data;
    checkParty('beneficiary', p.beneficiary, errors, today);
    checkParty('payer', p.payer, errors, today);
    errors.push(
      ...checkPayoutDestination({
        payment_method: p.payment_method,
        beneficiary_id: p.beneficiary_id,
        bank_details: p.beneficiary.bank_details,
      }),
    );
  }
  if (errors.length || !parsed.success)
    throw new ApiError(400, API_ERROR.invalid_request, describeFieldErrors(errors), errors);
  const {
    merchant_id: _m,
    account_id: _a,
    encryption_data: _e,
    request_id: _r,
    notify_url: _n,
    ...fields
  } = parsed.data;
  return fields;
}
