import { type GatewayProfile, toWireStatus } from '../../shared/gateway/profile';
import { TRANSITIONS, type PaymentEvent, type PaymentStatus } from '../../shared/gateway/status';
import type { Account } from '../accounts';
import { GatewayError } from '../http/gatewayError';
import { enqueueNotification } from '../notify/enqueueNotification';
import type { NotifyType } from '../notify/notifyTypes';
import type { IncomingValues } from '../notify/writeIncoming';
import type { Db } from '../store/openStore';
import { updateIfStatus, type TransactionPatch, type TransactionRow } from '../store/transactions';
import { toDecimal } from '../../shared/gateway/money';

export interface Move {
  event: PaymentEvent;
  to: PaymentStatus;
  /** `<code>:<text>` of the outcome, kept on the transaction and sent in the notification */
  message: string;
  notify: NotifyType;
  patch?: TransactionPatch;
  /** the notification's own values beyond the payment's (a refund's amount and reference id) */
  values?: IncomingValues;
  /** the sandbox's own notification fields, which no profile value names (capture_amount, card_brand, ...) */
  additions?: Record<string, string>;
}

/**
 * The one way a transaction changes status: the shared transition table must allow `event` from the current
 * status to `to` (E0009 otherwise), the row must still be in the status it was read in, and the notification
 * is enqueued in the same database transaction. Call inside `db.transaction()`.
 */
export async function moveTransaction(
  db: Db,
  account: Account,
  tx: TransactionRow,
  move: Move,
  now: number,
  profile: GatewayProfile,
): Promise<TransactionRow> {
  if (!TRANSITIONS.some(([from, event, to]) => from === tx.status && event === move.event && to === move.to)) {
    throw new GatewayError('E0009', 'transaction_id');
  }
  const patch: TransactionPatch = { ...move.patch, status: move.to, message: move.message, updated_at: now };
  if (!(await updateIfStatus(db, tx.transaction_id, tx.status, patch)))
    throw new GatewayError('E0009', 'transaction_id');
  const updated = { ...tx, ...patch } as TransactionRow;
  if (tx.notify_url) {
    await enqueueNotification(
      db,
      account,
      {
        type: move.notify,
        url: tx.notify_url,
        transaction_id: tx.transaction_id,
        order_no: tx.order_no,
        currency: tx.currency,
        amount: toDecimal(tx.amount_minor, tx.currency),
        payment_status: toWireStatus(profile, move.to),
        message: move.message,
        ...(move.values ? { values: move.values } : {}),
        ...(move.additions ? { additions: move.additions } : {}),
      },
      now,
      profile,
    );
  }
  return updated;
}
