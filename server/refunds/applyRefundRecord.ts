import { formatGatewayMessage } from '../../shared/gateway/errors';
import { refundStateOfRecord } from '../../shared/gateway/refundState';
import type { RefundRecord } from '../gateway';
import type { Db } from '../store';
import { moveRefund, type RefundRow } from './refunds';
import { recordRefundEvent } from '../shopEvents';

/** The record of `refund` in a refund search answer: by our refund_reference, or the gateway's reference id. */
export function recordOfRefund(records: readonly RefundRecord[], refund: RefundRow): RefundRecord | undefined {
  return records.find(
    (r) =>
      r.query_result !== '0' &&
      (r.refund_reference === refund.refund_reference ||
        r.refund_reference_id === refund.refund_reference ||
        (refund.refund_reference_id !== null && r.refund_reference_id === refund.refund_reference_id)),
  );
}

/**
 * Applies what the refund search (the most trusted source) says about one journalled refund: its state, forward
 * only (`moveRefund`). Answers the refund as it now stands, and whether this call moved it.
 */
export async function applyRefundRecord(
  trx: Db,
  refund: RefundRow,
  record: RefundRecord,
  at: string,
): Promise<{ refund: RefundRow; moved: boolean }> {
  const state = refundStateOfRecord(record);
  const message = typeof record.refund_message === 'string' ? record.refund_message : formatGatewayMessage('I0115');
  const referenceId = typeof record.refund_reference_id === 'string' ? record.refund_reference_id : null;
  const moved = await moveRefund(trx, refund, state, { refundReferenceId: referenceId, message }, at);
  if (moved) await recordRefundEvent(trx, refund, state, at);
  const now = await trx.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
  return { refund: now, moved };
}
