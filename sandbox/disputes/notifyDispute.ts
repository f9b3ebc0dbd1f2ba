import { DISPUTE_STATUS } from '../../shared/gateway/disputeStatus';
import { toDecimal } from '../../shared/gateway/money';
import { type GatewayProfile, toWireStatus } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import { enqueueNotification } from '../notify/enqueueNotification';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import type { DisputeRow } from '../store/disputes';
import type { Db } from '../store/openStore';
import type { TransactionRow } from '../store/transactions';
import { compactUtc } from '../payments/formatTime';

/**
 * Enqueues `DISPUTE RECIEVED` (an open dispute) or `DISPUTE RESULT` (a decided one) in the caller's database
 * transaction. The signed fields are a payment notification's (the order's amount and its payment_status, which a
 * dispute does not move); the dispute's own fields (docs/protocol-decisions.md 6, `dispute_result` ours) ride beside
 * them, unsigned like a refund's refund_amount, so the merchant confirms by query (`disputes` in the record). In
 * the sample schema's dialect the Chargeback carries only the reason of them (chargeback_reason).
 */
export async function notifyDispute(
  db: Db,
  account: Account,
  tx: TransactionRow,
  dispute: DisputeRow,
  now: number,
  profile: GatewayProfile,
): Promise<void> {
  if (!tx.notify_url) return;
  const open = dispute.state === 'open';
  await enqueueNotification(
    db,
    account,
    {
      type: open ? NOTIFY_TYPE.disputeReceived : NOTIFY_TYPE.disputeResult,
      url: tx.notify_url,
      transaction_id: tx.transaction_id,
      order_no: tx.order_no,
      currency: tx.currency,
      amount: toDecimal(tx.amount_minor, tx.currency),
      payment_status: toWireStatus(profile, tx.status),
      message: `${DISPUTE_STATUS[dispute.state]}:Dispute ${open ? 'received' : dispute.state}`,
      values: {
        disputeId: dispute.dispute_id,
        disputeAmount: toDecimal(dispute.amount_minor, dispute.currency),
        reasonCode: dispute.reason_code,
        reason: dispute.reason,
        respondBy: dispute.respond_by,
        ...(open ? {} : { disputeResult: dispute.state }),
      },
      // ours, about the dispute its id names: a dialect without the id (the sample's Chargeback) has none
      additions: profile.incoming.fields.disputeId.length
        ? { dispute_time: compactUtc(dispute.decided_at ?? dispute.created_at) }
        : {},
    },
    now,
    profile,
  );
}
