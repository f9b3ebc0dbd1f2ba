import { toFieldErrors, type FieldError } from '../contract/errors';
import { recipientBody, type RecipientBody } from '../contract/recipient';
import { checkParty } from './checkParty';
import { checkPayoutDestination } from './checkPayoutDestination';

/**
 * A recipient checked by the same rules as a payout to it: the beneficiary's format (docs/gateway-api.md 2.7), who it
 * is, and a destination its payment method can reach. The server refuses with these errors; the admin page shows them.
 */
export function checkRecipient(
  value: unknown,
  today: string,
): { ok: true; recipient: RecipientBody } | { ok: false; errors: FieldError[] } {
  const parsed = recipientBody.safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      errors: toFieldErrors(parsed.error).map((f) =>
        f.path === 'beneficiary' ? { ...f, message: 'is required: who receives the money' } : f,
      ),
    };
  const r = parsed.data;
  const errors: FieldError[] = [];
  checkParty('beneficiary', r.beneficiary, errors, today);
  errors.push(
    ...checkPayoutDestination({
      payment_method: r.payment_method,
      beneficiary_id: r.beneficiary_id,
      bank_details: r.beneficiary.bank_details,
    }),
  );
  return errors.length ? { ok: false, errors } : { ok: true, recipient: r };
}
