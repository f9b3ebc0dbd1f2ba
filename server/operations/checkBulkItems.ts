import { API_ERROR, describeFieldErrors, toFieldErrors } from '../../shared/contract/errors';
import { bulkItemFor, type BulkAction, type BulkItem } from './bulkBody';
import type { OrderResult } from './results';

/** The rows of a bulk request: those that may go ahead (with their position), and the answers of the others. */
export interface CheckedItems {
  valid: { position: number; item: BulkItem }[];
  /** by position in the request: `invalid_request` naming the field, with the position beside it */
  invalid: Map<number, OrderResult>;
}

/**
 * Checks every row before anything is sent. A wrong row (an over-long reason, an amount written `1,00`) is
 * that row's answer, named by its position and field as a 400 would name them, and the rows that are right go
 * ahead: a spreadsheet of 700 rows with one typo refunds 699 orders instead of failing its chunk of 100.
 */
export function checkBulkItems(action: BulkAction, rows: readonly unknown[]): CheckedItems {
  const schema = bulkItemFor(action);
  const valid: CheckedItems['valid'] = [];
  const invalid = new Map<number, OrderResult>();
  rows.forEach((row, position) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) {
      valid.push({ position, item: parsed.data });
      return;
    }
    // the row itself (not an object): named as the order, not as the request's body
    const fields = toFieldErrors(parsed.error).map((f) => (f.path === '(body)' ? { ...f, path: '(order)' } : f));
    invalid.set(position, {
      ...labelOf(row),
      ok: false,
      position,
      error: { code: API_ERROR.invalid_request, message: describeFieldErrors(fields), fields },
    });
  });
  return { valid, invalid };
}

/** What names a wrong row in its answer: its order_no or transaction_id when it has one as text, else ''. */
function labelOf(row: unknown): { order_no: string; transaction_id?: string } {
  const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
  const transactionId = typeof r.transaction_id === 'string' ? r.transaction_id : undefined;
  const orderNo = typeof r.order_no === 'string' ? r.order_no : (transactionId ?? '');
  return { order_no: orderNo, ...(transactionId !== undefined ? { transaction_id: transactionId } : {}) };
}
