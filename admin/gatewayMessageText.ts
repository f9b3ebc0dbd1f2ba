import { declineReasonOf, type DeclineReason } from '../shared/gateway/declineReason';

/** Each decline reason as the owner reads it; the gateway's own text follows when it says more. */
const REASON_TEXT: Record<DeclineReason, string> = {
  declined: 'Declined by the bank',
  insufficient_funds: 'Declined by the bank: insufficient funds',
  expired_card: 'Declined by the bank: the card has expired',
  risk: 'Declined as a risk (fraud checks)',
  authentication: 'The shopper did not complete the bank’s check (3-D Secure)',
  invalid_card: 'Declined: the card details are wrong',
  try_another_method: 'This payment method cannot be used for this payment',
  cancelled: 'Cancelled',
  technical: 'Not completed: a technical problem',
};

/**
 * A payment attempt's gateway message (`0000:Approved` reads "Approved") (`4001:Insufficient funds`) in words, with its code apart for the detail
 * (support asks for it). A message that is not a gateway answer (`not sent: ...`) stays as it is.
 */
export function gatewayMessageText(message: string | null | undefined): { text: string; code?: string } {
  if (!message) return { text: '' };
  // the gateway's "all went well" (`0000:Approved`, `V0000:...`): not a decline, whatever words follow
  const success = /^(V?0000):/.exec(message);
  if (success) return { text: 'Approved', code: success[1]! };
  const { reason, code } = declineReasonOf(message);
  if (!code) return { text: message };
  return { text: REASON_TEXT[reason], code };
}
