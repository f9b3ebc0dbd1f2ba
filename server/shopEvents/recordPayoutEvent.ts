import type { ShopEvent } from '../../shared/contract/shopEvents';
import { toDecimal } from '../../shared/gateway/money';
import { newId } from '../ids';
import type { Db } from '../store';
import type { PayoutRow } from '../payouts';
import { insertShopEvent } from './shopEventRows';
import { wakeDeliveries } from './wakeDeliveries';

const EVENT_OF_STATUS: Record<string, 'payout.completed' | 'payout.failed'> = {
  COMPLETED: 'payout.completed',
  FAILED: 'payout.failed',
};

/**
 * Writes `payout.completed` or `payout.failed` when `payout` (as it now is, in the transaction that moved it)
 * reached one of those; the caller calls it only when its conditional update moved the payout, so once.
 */
export async function recordPayoutEvent(trx: Db, payout: PayoutRow, at: string): Promise<void> {
  const type = EVENT_OF_STATUS[payout.status];
  if (!type) return;
  const event: ShopEvent = {
    id: newId('evt'),
    type,
    created_at: at,
    payout: {
      request_id: payout.request_id,
      status: payout.status,
      amount: toDecimal(payout.amount_minor, payout.currency),
      currency: payout.currency,
      created_at: payout.created_at,
      updated_at: payout.updated_at,
    },
  };
  await insertShopEvent(trx, {
    id: event.id,
    type,
    order_id: null,
    order_no: null,
    payout_request_id: payout.request_id,
    endpoint_id: null,
    created_at: at,
    payload: JSON.stringify(event),
  });
  wakeDeliveries();
}
