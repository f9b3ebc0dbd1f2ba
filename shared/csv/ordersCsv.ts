import type { AdminOrder } from '../contract/admin';
import { toCsv } from './toCsv';

/** The columns of an orders export, the same from the admin page and from `npm run cli -- orders`. */
const COLUMNS = [
  'order_no',
  'status',
  'amount',
  'currency',
  'captured',
  'refunded',
  'transaction_id',
  'email',
  'created_at',
  'updated_at',
] as const;

/** Orders as the owner's spreadsheet reads them (amounts as the decimal strings the API answers). */
export function ordersCsv(orders: readonly AdminOrder[]): string {
  return toCsv(
    COLUMNS,
    orders.map((o) => COLUMNS.map((c) => o[c])),
  );
}
