import { BATCH_LIMIT } from '../../shared/gateway/errors';
import { toDecimal } from '../../shared/gateway/money';
import type { AppDeps } from '../deps';
import { writeAuditEvent } from '../orders';
import { applyRefundRecord, recordOfRefund } from './applyRefundRecord';
import { IN_FLIGHT, REFUND_STATUS, refundsOf, type RefundRow } from './refunds';
import { runInTransaction } from '../store';
import { searchRefunds } from './searchRefunds';
import { runBatches } from '../operations';
import { splitIntoBatches } from '../operations';
import { inFlightCutoff } from '../operations';

/** What the gateway says about the refunds in flight of one order. */
export interface PendingRefunds {
  /** found at the gateway, each as it now stands (received, accepted, succeeded or failed) */
  settled: RefundRow[];
  /** requested, and the gateway has no refund with the reference: it never received it, so it can be sent (again) */
  unsent: RefundRow[];
  /** the lookup failed: still unknown */
  unknown: RefundRow[];
}

/**
 * Looks up the refunds of these orders that are not final (`/v1/retrievalRefund` by their payments' order numbers,
 * 100 refunds a call, each matched by its refund_reference: searchRefunds), and applies what the gateway says
 * (forward only). By default only the `requested` ones past the in-flight window, before anything else is sent for
 * them: a refund journalled just before a crash, or sent without an answer, is either found at the gateway (and
 * recorded) or known never to have arrived (and may be sent again under the same reference, which the gateway would
 * refuse as E0008 if it had arrived after all).
 * `inFlight` adds the received and accepted ones (sync and reconcile: a result whose notification was lost);
 * `only` names the ones to check (e.g. just answered E0008).
 */
export async function settlePendingRefunds(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  orderIds: readonly string[],
  options: { requestId?: string | undefined; only?: readonly string[]; inFlight?: boolean } = {},
): Promise<Map<string, PendingRefunds>> {
  const { db } = deps.store;
  const { requestId, only } = options;
  const cutoff = inFlightCutoff(deps);
  const pending = (await refundsOf(db, orderIds, { status: IN_FLIGHT })).filter((r) =>
    only
      ? only.includes(r.id)
      : r.status === REFUND_STATUS.requested
        ? r.updated_at < cutoff
        : options.inFlight === true,
  );
  const byOrder = new Map<string, PendingRefunds>();
  const entry = (orderId: string) =>
    byOrder.get(orderId) ?? byOrder.set(orderId, { settled: [], unsent: [], unknown: [] }).get(orderId)!;
  if (pending.length === 0) return byOrder;

  const batches = splitIntoBatches(pending, BATCH_LIMIT.query);
  const lookups = await runBatches(batches, (batch) => searchRefunds(deps, batch));
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
        const record = recordOfRefund(lookup.value, refund);
        if (!record) {
          // a refund the gateway reported received but cannot find is left as it is: never sent again
          if (refund.status === REFUND_STATUS.requested) entry(refund.order_id).unsent.push(refund);
          continue;
        }
        const { refund: now, moved } = await applyRefundRecord(trx, refund, record, at);
        entry(refund.order_id).settled.push(now);
        if (moved) {
          await writeAuditEvent(
            trx,
            {
              kind: 'refund',
              summary: `refund ${toDecimal(refund.amount_minor, refund.currency)} ${refund.currency} (${refund.refund_reference}) looked up at the gateway: ${now.status}${now.status === REFUND_STATUS.failed ? `, ${now.message}` : ''}`,
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
