import { Hono } from 'hono';
import { canApply } from '../../shared/gateway/status';
import type { SandboxDeps, SandboxEnv } from '../app';
import { BATCH_ITEM_RULES } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { moveTransaction } from '../payments/moveTransaction';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import { checkOrderAmount, runBatch, type BatchOp } from './runBatch';

/**
 * The merchant's cancel of an authorised (2000) order. A pending one is not the merchant's to cancel: only the
 * shopper gives up on it (docs/protocol-decisions.md 4), so the shared state machine answers E0009.
 */
const CANCEL: BatchOp = {
  name: 'cancel',
  listField: 'cancel_orders',
  statusField: 'cancel_status',
  itemRules: BATCH_ITEM_RULES,
  echo: ['amount', 'currency', 'order_no', 'transaction_id'],
  async apply(db, account, tx, item, now, profile) {
    if (!canApply(tx.status, 'cancel')) throw new GatewayError('E0009', 'transaction_id');
    checkOrderAmount(tx, item);
    await moveTransaction(
      db,
      account,
      tx,
      { event: 'cancel', to: '5000', message: '0000:Cancelled', notify: NOTIFY_TYPE.cancel },
      now,
      profile,
    );
    return { error_message: '' };
  },
  failed: (message) => ({ error_message: message }),
};

export function cancelRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', (c) => runBatch(c, deps, CANCEL));
}
