import type { PaymentEvent, PaymentStatus } from '../../shared/gateway/status';
import type { Account } from '../accounts';
import type { TransactionRow } from '../store/transactions';

/**
 * Where an approved payment lands: APMs always settle (3000); cards settle at once on an auto-capture account
 * and stop at authorised (2000) on a manual-capture one. Settled payments count as captured in full.
 */
export function approval(
  account: Account,
  tx: TransactionRow,
): { event: PaymentEvent; to: PaymentStatus; captured_minor: number } {
  const settles = tx.channel === 'authorise' || account.capture === 'auto';
  return settles
    ? { event: 'pay', to: '3000', captured_minor: tx.amount_minor }
    : { event: 'authorise', to: '2000', captured_minor: 0 };
}
