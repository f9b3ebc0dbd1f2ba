import { z } from 'zod';
import { payoutBeneficiary } from '../gateway/schemas/payout';

/**
 * A saved payout recipient as the owner writes it (`POST`/`PUT /admin/api/recipients`): a name of the owner's
 * choosing, the payment method its payouts travel by (`SWIFT` when absent) and the beneficiary object of
 * docs/gateway-api.md 2.7. Paying it then takes three fields
 * (`POST /admin/api/payouts {recipient_id, amount, currency}`).
 */
export const recipientBody = z.strictObject({
  name: z
    .string({ error: 'is required: a name you will recognise, e.g. "Fornecedor Ltda (EUR)"' })
    .trim()
    .min(1, 'is required: a name you will recognise')
    .max(100, 'must be at most 100 characters'),
  payment_method: z
    .string({ error: 'must be a string' })
    .regex(/^[A-Za-z0-9_]{2,20}$/, 'must be a method code such as SWIFT, SEPA, ACH or PIX')
    .transform((m) => m.toUpperCase())
    .optional(),
  beneficiary_id: z.string({ error: 'must be a string' }).max(100, 'must be at most 100 characters').optional(),
  beneficiary: payoutBeneficiary,
});
export type RecipientBody = z.infer<typeof recipientBody>;

/** A recipient as the admin API shows it: account numbers and IBANs masked to their last four. */
export interface RecipientView extends RecipientBody {
  id: string;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

/** `GET /admin/api/recipients`: the saved recipients (`?archived=true`: the archived ones). */
export interface RecipientList {
  recipients: RecipientView[];
}
