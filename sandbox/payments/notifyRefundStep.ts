import { toDecimal } from '../../shared/gateway/money';
import { type GatewayProfile, toWireStatus } from '../../shared/gateway/profile';
import type { RefundState } from '../../shared/gateway/refundState';
import type { Account } from '../accounts';
import { enqueueNotification } from '../notify/enqueueNotification';
import type { NotifyType } from '../notify/notifyTypes';
import type { IncomingValues } from '../notify/writeIncoming';
import type { Db } from '../store/openStore';
import type { RefundTable } from '../store/schema';
import type { TransactionRow } from '../store/transactions';
import { REFUND_OK } from './refundOk';

/**
 * The notification of one step of a refund (docs/protocol-decisions.md 6): the payment's fields as it stands (its
 * status moves only when a refund succeeds), and the refund's own: refund_amount, refund_reference_id, plus, ours, the
 * merchant's refund_reference and the refund's state, so a merchant can find the refund before it has stored
 * the reference id. Call inside the transaction that took the step.
 */
export async function notifyRefundStep(
  db: Db,
  account: Account,
  tx: TransactionRow,
  refund: Pick<RefundTable, 'refund_reference_id' | 'refund_reference' | 'amount_minor' | 'message'> & {
    state: RefundState;
  },
  type: NotifyType,
  now: number,
  profile: GatewayProfile,
): Promise<void> {
  if (!tx.notify_url) return;
  await enqueueNotification(
    db,
    account,
    {
      type,
      url: tx.notify_url,
      transaction_id: tx.transaction_id,
      order_no: tx.order_no,
      currency: tx.currency,
      amount: toDecimal(tx.amount_minor, tx.currency),
      payment_status: toWireStatus(profile, tx.status),
      message: refund.message ?? REFUND_OK,
      ...refundFields(profile, refund, tx.currency),
    },
    now,
    profile,
  );
}

/**
 * A refund's own notification fields: its amount and reference id as profile values, and, ours, the merchant's
 * refund_reference and the refund's state, which ride only with the reference id they are about (a dialect that
 * does not carry the id has none of them).
 */
export function refundFields(
  profile: GatewayProfile,
  refund: Pick<RefundTable, 'refund_reference_id' | 'refund_reference' | 'amount_minor'> & { state: RefundState },
  currency: string,
): { values: IncomingValues; additions: Record<string, string> } {
  return {
    values: {
      refundAmount: toDecimal(refund.amount_minor, currency),
      refundReference: refund.refund_reference_id,
    },
    additions: profile.incoming.fields.refundReference.length
      ? { refund_reference: refund.refund_reference, refund_state: refund.state }
      : {},
  };
}
