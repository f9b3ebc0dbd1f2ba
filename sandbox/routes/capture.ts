import { Hono } from 'hono';
import { canApply } from '../../shared/gateway/status';
import { toMinor } from '../../shared/gateway/money';
import type { SandboxDeps, SandboxEnv } from '../app';
import { BATCH_ITEM_RULES } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { moveTransaction } from '../payments/moveTransaction';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import { runBatch, type BatchOp } from './runBatch';

/** Capture of an authorised (2000) order, in full or in part: `amount` is what is captured. */
const CAPTURE: BatchOp = {
  name: 'capture',
  listField: 'capture_orders',
  statusField: 'capture_status',
  itemRules: BATCH_ITEM_RULES,
  echo: ['amount', 'currency', 'order_no', 'transaction_id'],
  async apply(db, account, tx, item, now, profile) {
    if (!canApply(tx.status, 'capture')) throw new GatewayError('E0009', 'transaction_id');
    const amount = toMinor(String(item.amount), tx.currency);
    if (amount > tx.amount_minor)
      throw new GatewayError('I0020', 'amount', 'capture amount is over the authorised amount');
    await moveTransaction(
      db,
      account,
      tx,
      {
        event: 'capture',
        to: '3000',
        message: '0000:Captured',
        notify: NOTIFY_TYPE.capture,
        patch: { captured_minor: amount },
        additions: { capture_amount: String(item.amount) },
      },
      now,
      profile,
    );
    return { error_message: '' };
  },
  failed: (message) => ({ error_message: message }),
};

export function captureRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', (c) => runBatch(c, deps, CAPTURE));
}
