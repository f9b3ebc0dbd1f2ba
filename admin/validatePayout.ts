import { toFieldErrors, type FieldError } from '../shared/contract/errors';
import { payoutRequest } from '../shared/gateway/schemas/payout';
import { checkPayoutDestination } from '../shared/payouts/checkPayoutDestination';

/**
 * The envelope fields the backend adds before it calls the gateway. Placeholders stand in for them so the one
 * gateway schema in shared/ checks the owner's part of the payout here too; their issues are not the owner's.
 */
const FILLED_BY_BACKEND = {
  merchant_id: '0',
  account_id: '0',
  encryption_data: '0',
  request_id: '00000000-0000-4000-8000-000000000000',
};

/** Field errors in the page's form for a payout body (docs/gateway-api.md 2.7), before it is sent. */
export function validatePayout(body: Record<string, unknown>): FieldError[] {
  const result = payoutRequest.safeParse({ ...body, ...FILLED_BY_BACKEND });
  // the server's own destination rule, so the page refuses what Send would
  if (result.success)
    return checkPayoutDestination({
      payment_method: result.data.payment_method,
      beneficiary_id: result.data.beneficiary_id,
      bank_details: result.data.beneficiary.bank_details,
    });
  return toFieldErrors(result.error)
    .filter((f) => !(f.path in FILLED_BY_BACKEND))
    .map((f) =>
      f.path === 'beneficiary' ? { path: f.path, message: 'is required: fill in who receives the money' } : f,
    );
}
