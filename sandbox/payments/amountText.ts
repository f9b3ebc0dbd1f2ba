import { toDecimal } from '../../shared/gateway/money';
import type { TransactionRow } from '../store/transactions';

/** "USD 25.00", as the pages show it. */
export function amountText(tx: Pick<TransactionRow, 'currency' | 'amount_minor'>): string {
  return `${tx.currency} ${toDecimal(tx.amount_minor, tx.currency)}`;
}
