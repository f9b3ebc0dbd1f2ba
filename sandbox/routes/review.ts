import { Hono } from 'hono';
import { canApply } from '../../shared/gateway/status';
import type { SandboxDeps, SandboxEnv } from '../app';
import { REVIEW_ITEM_RULES } from '../http/fieldRules';
import { GatewayError } from '../http/gatewayError';
import { approval } from '../payments/approval';
import { moveTransaction } from '../payments/moveTransaction';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import { checkOrderAmount, runBatch, type BatchOp } from './runBatch';

/**
 * The merchant's decision on an order under review (6000): review_flag `1` approves it to where an approved
 * payment lands (2000 on a manual-capture card account, 3000 otherwise), `0` rejects it (5000).
 */
const REVIEW: BatchOp = {
  name: 'review',
  listField: 'review_orders',
  statusField: 'review_status',
  itemRules: REVIEW_ITEM_RULES,
  echo: ['amount', 'currency', 'order_no', 'review_flag', 'transaction_id'],
  async apply(db, account, tx, item, now, profile) {
    const approve = item.review_flag === '1';
    if (!canApply(tx.status, approve ? 'review_approve' : 'review_reject'))
      throw new GatewayError('E0009', 'transaction_id');
    checkOrderAmount(tx, item);
    if (approve) {
      const { to, captured_minor } = approval(account, tx);
      await moveTransaction(
        db,
        account,
        tx,
        {
          event: 'review_approve',
          to,
          message: '0000:Review approved',
          notify: NOTIFY_TYPE.review,
          patch: { captured_minor, fraud_status: 'ACCEPT' },
        },
        now,
        profile,
      );
    } else {
      await moveTransaction(
        db,
        account,
        tx,
        {
          event: 'review_reject',
          to: '5000',
          message: '5000:Rejected in review',
          notify: NOTIFY_TYPE.review,
          patch: { fraud_status: 'REJECT' },
        },
        now,
        profile,
      );
    }
    return { error_message: '' };
  },
  failed: (message) => ({ error_message: message }),
};

export function reviewRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>().post('/', (c) => runBatch(c, deps, REVIEW));
}
