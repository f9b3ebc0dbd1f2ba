import { BATCH_LIMIT, formatGatewayMessage } from '../../../shared/gateway/errors';
import { toDecimal } from '../../../shared/gateway/money';
import type { AppDeps } from '../../deps';
import { writeAuditEvent } from '../../store/auditEvents';
import { recordRefundOutcome, REFUND_STATUS, refundsOf, type RefundRow } from '../../store/refunds';
import { runInTransaction } from '../../store/runInTransaction';
import { runBatches } from '../runBatches';
import { splitIntoBatches } from '../splitIntoBatches';
import { inFlightCutoff } from './inFlightCutoff';

/** What the gateway says about the pending refunds of one order. */
export interface PendingRefunds {
  /** now known: succeeded or failed at the gateway */
  settled: RefundRow[];
  /** the gateway has no refund with the reference: it never received it, so it can be sent (again) as it is */
  unsent: RefundRow[];
  /** the lookup failed: still unknown */
  unknown: RefundRow[];
}

/**
 * Resolves the `pending` refunds of these orders by their refund_reference (`/v1/retrievalRefund`, 100 a call)
 * before anything else is sent for them: a refund journalled just before a crash, or sent without an answer,
 * is either found at the gateway (and recorded) or known never to have arrived (and may be sent again under the
 * same reference, which the gateway would refuse as E0008 if it had arrived after all). Only refunds past the
 * in-flight window are looked at, unless `only` names the ones to check (e.g. just answered E0008).
 */
export async function settlePendingRefunds(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  orderIds: readonly string[],
  options: { requestId?: string | undefined; only?: readonly string[] } = {},
): Promise<Map<string, PendingRefunds>> {
  const { db } = deps.store;
  const { requestId, only } = options;
  const pending = only
    ? (await refundsOf(db, orderIds, { status: REFUND_STATUS.pending })).filter((r) => only.includes(r.id))
    : await refundsOf(db, orderIds, { status: REFUND_STATUS.pending, touchedBefore: inFlightCutoff(deps) });
  const byOrder = new Map<string, PendingRefunds>();
  const entry = (orderId: string) =>
    byOrder.get(orderId) ?? byOrder.set(orderId, { settled: [], unsent: [], unknown: [] }).get(orderId)!;
  if (pending.length === 0) return byOrder;

  const batches = splitIntoBatches(pending, BATCH_LIMIT.query);
  const lookups = await runBatches(batches, (batch) =>
    deps.gateway.retrievalRefund({ refund_references: batch.map((r) => r.refund_reference) }),
  );
  const at = deps.now().toISOString();
  await runInTransaction(db, async (trx) => {
    byOrder.clear();
    for (const [i, batch] of batches.entries()) {
      const lookup = lookups[i]!;
      if (lookup.status === 'rejected') {
        deps.log.warn(
          { requestId, err: { name: (lookup.reason as Error).name, message: (lookup.reason as Error).message } },
          'admin: retrievalRefund failed',
        );
        for (const refund of batch) entry(refund.order_id).unknown.push(refund);
        continue;
      }
      for (const refund of batch) {
        const record = lookup.value.refunds.find(
          (r) =>
            r.query_result !== '0' &&
            (r.refund_reference === refund.refund_reference || r.refund_reference_id === refund.refund_reference),
        );
        if (!record) {
          entry(refund.order_id).unsent.push(refund);
          continue;
        }
        const ok = record.refund_status === '1';
        const message =
          typeof record.refund_message === 'string' ? record.refund_message : formatGatewayMessage('I0115');
        const referenceId = typeof record.refund_reference_id === 'string' ? record.refund_reference_id : null;
        const moved = await recordRefundOutcome(
          trx,
          refund,
          ok ? { ok, refundReferenceId: referenceId } : { ok, message },
          at,
        );
        const now: RefundRow = {
          ...refund,
          status: ok ? REFUND_STATUS.succeeded : REFUND_STATUS.failed,
          refund_reference_id: referenceId,
          message: ok ? null : message,
        };
        entry(refund.order_id).settled.push(now);
        if (moved) {
          await writeAuditEvent(
            trx,
            {
              kind: 'refund',
              summary: `refund ${toDecimal(refund.amount_minor, refund.currency)} ${refund.currency} (${refund.refund_reference}) from an earlier request: ${ok ? 'found at the gateway, succeeded' : `failed, ${message}`}`,
              attempt_id: refund.attempt_id,
              request_id: requestId ?? null,
            },
            at,
          );
        }
      }
    }
  });
  return byOrder;
}
