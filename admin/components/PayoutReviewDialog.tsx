import type { PayoutReview } from '../../shared/contract/adminPayouts';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * The step before a payout leaves (issue #32): amount, recipient, the fee and what the shop pays in all, from the
 * backend's review of the very body that is sent (`POST /admin/api/payouts/review`). The gateway states the fee
 * only after paying out, so it is shown as the estimate it is. "Send payout" sends; "Back" changes nothing.
 */
export function PayoutReviewDialog({
  review,
  busy,
  onSend,
  onBack,
}: {
  review: PayoutReview;
  busy: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const money = (amount: string) => `${amount} ${review.currency}`;
  return (
    <ConfirmDialog
      title={`Send ${money(review.amount)} to ${review.recipient.name || 'this recipient'}?`}
      confirmLabel={busy ? 'Sending…' : 'Send payout'}
      confirmDisabled={busy}
      dismissLabel="Back"
      onConfirm={onSend}
      onCancel={onBack}
    >
      <dl class="review">
        <div>
          <dt>Amount</dt>
          <dd>{money(review.amount)}</dd>
        </div>
        <div>
          <dt>Recipient</dt>
          <dd>
            {review.recipient.name}
            {review.recipient.account && <span class="mono"> {review.recipient.account}</span>}
          </dd>
        </div>
        <div>
          <dt>Fee (estimated)</dt>
          <dd>
            {`${money(review.fee)}, paid by ${review.fee_paid_by === 'PAYER' ? 'you' : 'the recipient'} (${review.fee_rule}; the gateway states the exact fee once the payout is made)`}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            {money(review.total)} from your balance; the recipient gets {money(review.recipient_gets)}
          </dd>
        </div>
      </dl>
    </ConfirmDialog>
  );
}
