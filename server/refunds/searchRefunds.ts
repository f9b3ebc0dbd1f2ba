import { BATCH_LIMIT } from '../../shared/gateway/errors';
import type { AppDeps } from '../deps';
import type { RefundRecord } from '../gateway';
import { attemptsById } from '../orders';
import type { RefundRow } from './refunds';

/**
 * The gateway's records of the refunds of these payments (`/v1/retrievalRefund`), searched by the payments' order
 * numbers: of the search's three lists, `refund_orders` is the one whose meaning the docs make unambiguous (the
 * merchant's order numbers, docs/gateway-evidence.md 4), where `refund_references` could mean the gateway's
 * refund_reference_id or the merchant's own reference. The answer lists every refund of those payments, so the
 * caller matches each of its refunds by reference (`recordOfRefund`). 100 order numbers a call; the client splits
 * further under the 1000-character list limit. Throws what the client throws.
 */
export async function searchRefunds(
  deps: Pick<AppDeps, 'store' | 'gateway'>,
  refunds: readonly Pick<RefundRow, 'attempt_id'>[],
): Promise<RefundRecord[]> {
  const attempts = await attemptsById(deps.store.db, [...new Set(refunds.map((r) => r.attempt_id))]);
  // a refund found nowhere may be sent again: never conclude that from a search that did not ask about it
  const orphan = refunds.find((r) => !attempts.has(r.attempt_id));
  if (orphan) throw new Error(`refund search: payment attempt ${orphan.attempt_id} not found`);
  const orderNos = [...new Set([...attempts.values()].map((a) => a.gateway_order_no))];
  const records: RefundRecord[] = [];
  for (let i = 0; i < orderNos.length; i += BATCH_LIMIT.query) {
    const lookup = await deps.gateway.retrievalRefund({ refund_orders: orderNos.slice(i, i + BATCH_LIMIT.query) });
    records.push(...lookup.refunds);
  }
  return records;
}
