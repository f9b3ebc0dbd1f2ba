import { z } from 'zod';
import type { FieldError } from '../../shared/contract/errors';
import type { PayoutRecipientRow } from './payoutRecipients';

/** `POST /admin/api/payouts` by a saved recipient: three fields, and an optional reference. */
export const recipientPayoutBody = z.strictObject({
  recipient_id: z.string({ error: 'is required' }).min(1, 'is required').max(100, 'must be at most 100 characters'),
  amount: z.string({ error: 'is required: the amount as a decimal string, e.g. "250.00"' }),
  currency: z.string({ error: 'is required: a three-letter code, e.g. "EUR"' }),
  reference: z.string({ error: 'must be a string' }).max(140, 'must be at most 140 characters').optional(),
});
export type RecipientPayoutBody = z.infer<typeof recipientPayoutBody>;

/**
 * The full payout body (docs/gateway-api.md 2.7) for a payout to a saved recipient; it is then checked like any other.
 */
export function recipientPayoutFields(
  body: RecipientPayoutBody,
  recipient: PayoutRecipientRow,
): Record<string, unknown> {
  return {
    payment_amount: body.amount,
    payment_currency: body.currency,
    ...(recipient.payment_method ? { payment_method: recipient.payment_method } : {}),
    ...(recipient.beneficiary_id ? { beneficiary_id: recipient.beneficiary_id } : {}),
    ...(body.reference ? { reference: body.reference } : {}),
    beneficiary: JSON.parse(recipient.beneficiary) as unknown,
  };
}

/** The full body's field names, as the three-field body calls them, so an error names what the owner sent. */
const RENAMED: Record<string, string> = { payment_amount: 'amount', payment_currency: 'currency' };

export function renameRecipientPayoutErrors(errors: readonly FieldError[]): FieldError[] {
  return errors.map((e) => {
    if (RENAMED[e.path]) return { ...e, path: RENAMED[e.path]! };
    // the saved recipient no longer passes a rule: the owner fixes the recipient, not this payout
    if (e.path.startsWith('beneficiary'))
      return { path: 'recipient_id', message: `the saved recipient's ${e.path} ${e.message}` };
    return e;
  });
}
