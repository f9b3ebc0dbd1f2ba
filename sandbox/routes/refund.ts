import { Hono } from 'hono';
import { canApply } from '../../shared/gateway/status';
import { toMinor } from '../../shared/gateway/money';
import type { SandboxDeps, SandboxEnv } from '../app';
import { REFUND_ITEM_RULES } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { moveTransaction } from '../payments/moveTransaction';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import { findRefundByReference, insertRefund } from '../store/refunds';
import { checkOrderAmount, runBatch, type BatchOp } from './runBatch';

export const REFUND_ACCEPTED = '0000:Refund accepted';

/**
 * Full or partial refunds of a paid order, never more than was captured minus what was refunded (B0002). Each
 * refund gets `<transaction_id>-<sequence>`; a merchant `refund_reference` already used on the order is a
 * repeated submission (E0008), so a retried call cannot refund twice.
 */
const REFUND: BatchOp = {
  name: 'refund',
  listField: 'refund_orders',
  statusField: 'refund_status',
  itemRules: REFUND_ITEM_RULES,
  echo: ['amount', 'currency', 'order_no', 'refund_amount', 'refund_reason', 'transaction_id'],
  async apply(db, account, tx, item, now) {
    if (!canApply(tx.status, 'refund_partial')) throw new GatewayError('E0009', 'transaction_id');
    checkOrderAmount(tx, item);
    const amount = toMinor(String(item.refund_amount), tx.currency);
    const refundable = tx.captured_minor - tx.refunded_minor;
    if (amount > refundable) throw new GatewayError('B0002', 'refund_amount');
    const reference = typeof item.refund_reference === 'string' ? item.refund_reference : '';
    if (reference && (await findRefundByReference(db, tx.transaction_id, reference)))
      throw new GatewayError('E0008', 'refund_reference');
    const sequence = tx.refund_seq + 1;
    const referenceId = `${tx.transaction_id}-${sequence}`;
    await insertRefund(db, {
      refund_reference_id: referenceId,
      transaction_id: tx.transaction_id,
      sequence,
      refund_reference: reference || referenceId,
      amount_minor: amount,
      currency: tx.currency,
      reason: typeof item.refund_reason === 'string' ? item.refund_reason : '',
      created_at: now,
    });
    const full = amount === refundable;
    await moveTransaction(
      db,
      account,
      tx,
      {
        event: full ? 'refund_full' : 'refund_partial',
        to: full ? '4100' : '3100',
        message: REFUND_ACCEPTED,
        notify: NOTIFY_TYPE.refund,
        patch: { refunded_minor: tx.refunded_minor + amount, refund_seq: sequence },
        extra: { refund_amount: String(item.refund_amount), refund_reference_id: referenceId },
      },
      now,
    );
    return {
      refund_message: REFUND_ACCEPTED,
      refund_reference: reference || referenceId,
      refund_reference_id: referenceId,
      error_message: '',
    };
  },
  failed: (message) => ({
    refund_message: message,
    refund_reference: '',
    refund_reference_id: '',
    error_message: message,
  }),
};

export function refundRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', (c) => runBatch(c, deps, REFUND));
}
