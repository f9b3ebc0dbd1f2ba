import { createHash } from 'node:crypto';
import type { BulkItem, BulkResult } from '../../shared/contract/admin';

export type CliAction = 'capture' | 'cancel' | 'review' | 'refund';

/** The columns each action reads (one of order_no, transaction_id names the order). */
export const BULK_COLUMNS: Record<CliAction, readonly string[]> = {
  refund: ['order_no', 'transaction_id', 'amount', 'reason', 'idempotency_key'],
  capture: ['order_no', 'transaction_id', 'amount'],
  cancel: ['order_no', 'transaction_id'],
  review: ['order_no', 'transaction_id', 'approve'],
};

/** An order of the spreadsheet: named by order_no, or by transaction_id (the API accepts either). */
export type CliItem = BulkItem & { transaction_id?: string };

const DECIMAL = /^\d+(\.\d+)?$/;
const APPROVE: Record<string, boolean> = {
  true: true,
  yes: true,
  approve: true,
  '1': true,
  false: false,
  no: false,
  reject: false,
  '0': false,
};

/**
 * A refund row's Idempotency-Key: its `idempotency_key` column when the sheet has one, else derived from what
 * the row asks (order, amount, reason) and how many identical rows came before it. The same file run again,
 * or with other rows added or removed, sends the same key for the same row, so a run whose answers were lost
 * can be repeated without refunding twice; two identical rows are still two refunds, as written.
 */
function rowKey(record: Record<string, string>, seen: Map<string, number>): string {
  if (record.idempotency_key) return record.idempotency_key;
  const asks = JSON.stringify([
    record.order_no ?? '',
    record.transaction_id ?? '',
    record.amount ?? '',
    record.reason ?? '',
  ]);
  const n = (seen.get(asks) ?? 0) + 1;
  seen.set(asks, n);
  return `csv-${createHash('sha256').update(`${asks}#${n}`).digest('hex').slice(0, 40)}`;
}

/**
 * The spreadsheet's rows as bulk items. Columns: `order_no` or `transaction_id`; `amount` (capture, refund;
 * empty = the full amount); `reason` (refund); `idempotency_key` (refund, optional: see rowKey); `approve`
 * (review: true/false, yes/no, approve/reject). A row that could not be sent as it is becomes a failed result
 * naming its line, and is not sent; `lines` holds the line of each item, for the backend's answers.
 */
export function readBulkCsv(
  records: { line: number; record: Record<string, string> }[],
  action: CliAction,
): { items: CliItem[]; lines: number[]; refused: { line: number; result: BulkResult }[] } {
  const items: CliItem[] = [];
  const lines: number[] = [];
  const refused: { line: number; result: BulkResult }[] = [];
  const seen = new Map<string, number>();
  for (const { line, record } of records) {
    const orderNo = record.order_no ?? '';
    const transactionId = record.transaction_id ?? '';
    const name = orderNo || transactionId || `line ${line}`;
    const refuse = (message: string) => refused.push({ line, result: invalidRow(name, line, message) });
    if (!orderNo && !transactionId) {
      refuse('needs an order_no or a transaction_id');
      continue;
    }
    const item: CliItem = orderNo ? { order_no: orderNo } : ({ transaction_id: transactionId } as CliItem);
    const amount = record.amount ?? '';
    if (amount) {
      if (action !== 'capture' && action !== 'refund') {
        refuse(`an amount is not taken by ${action}`);
        continue;
      }
      if (!DECIMAL.test(amount)) {
        refuse(`amount "${amount}" must be written like 10.00 (a dot for decimals, no thousands separator)`);
        continue;
      }
      item.amount = amount;
    }
    if (action === 'refund' && record.reason) item.reason = record.reason;
    if (action === 'refund') item.idempotency_key = rowKey(record, seen);
    if (action === 'review') {
      const approve = APPROVE[(record.approve ?? '').toLowerCase()];
      if (approve === undefined) {
        refuse('approve must be true (approve) or false (reject)');
        continue;
      }
      item.approve = approve;
    }
    items.push(item);
    lines.push(line);
  }
  return { items, lines, refused };
}

/** A row not sent (refused here, or by the backend's check of each row), named by its line in the file. */
export function invalidRow(orderNo: string, line: number, message: string): BulkResult {
  return { order_no: orderNo, ok: false, error: { code: 'invalid_row', message: `line ${line}: ${message}` } };
}
