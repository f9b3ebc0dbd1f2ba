import type { AppDeps } from '../deps';
import type { RefundRecord } from '../gateway';
import { writeAuditEvent } from '../orders';
import type { RefundRow } from './refunds';
import { runInTransaction } from '../store';
import { applyRefundRecord, recordOfRefund } from './applyRefundRecord';
import { searchRefunds } from './searchRefunds';

/**
 * Looks one refund up (`/v1/retrievalRefund` by its payment's order number, matched by its reference: searchRefunds)
 * and applies what the gateway says; a move makes the reconcile loop's back-off for it start again. A lookup that
 * fails changes nothing: the refund stays in flight and the reconcile pass asks again.
 */
export async function confirmRefund(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log'>,
  refund: RefundRow,
  orderNo: string,
  requestId?: string,
): Promise<void> {
  let records: RefundRecord[];
  try {
    records = await searchRefunds(deps, [refund]);
  } catch (err) {
    deps.log.warn(
      { requestId, err: { name: (err as Error).name, message: (err as Error).message } },
      'refund: lookup failed; reconcile asks again',
    );
    return;
  }
  const record = recordOfRefund(records, refund);
  if (!record) return;
  const at = deps.now().toISOString();
  await runInTransaction(deps.store.db, async (trx) => {
    const { refund: now, moved } = await applyRefundRecord(trx, refund, record, at);
    if (!moved) return;
    await writeAuditEvent(
      trx,
      {
        kind: 'refund',
        summary: `refund ${refund.refund_reference}: the refund search says ${now.status}${now.message ? `, ${now.message}` : ''}`,
        order_no: orderNo,
        attempt_id: refund.attempt_id,
        request_id: requestId ?? null,
      },
      at,
    );
  });
}
