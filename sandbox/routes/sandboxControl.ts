import { Hono } from 'hono';
import { toDecimal } from '../../shared/gateway/money';
import type { SandboxDeps, SandboxEnv } from '../app';
import { toTransactionRecord } from '../payments/toTransactionRecord';
import { disputesOf } from '../store/disputes';
import { listNotifications } from '../store/notifications';
import { refundsOf } from '../store/refunds';
import { countRequests } from '../store/requestLog';
import { listTransactions } from '../store/transactions';
import { invalid } from './controlErrors';

/** The most transactions one listing returns (`limit`). */
const MAX_LISTED = 5000;

/**
 * Sandbox-only routes (no real gateway has them): what the sandbox holds and what it sent, as JSON, for
 * developers and tests. They never show sign keys or card numbers (only the last four digits are stored).
 */
export function sandboxControlRoute(deps: SandboxDeps) {
  const q = (value: string | undefined) => (value ? value : undefined);
  return new Hono<SandboxEnv>()
    .get('/health', (c) => c.json({ ok: true }))
    .get('/notifications', async (c) => {
      const rows = await listNotifications(deps.db, {
        order_no: q(c.req.query('order_no')),
        transaction_id: q(c.req.query('transaction_id')),
        notify_type: q(c.req.query('notify_type')),
        account_id: q(c.req.query('account_id')),
      });
      return c.json({
        notifications: rows.map((n) => ({
          notify_id: n.notify_id,
          notify_type: n.notify_type,
          url: n.url,
          order_no: n.order_no,
          transaction_id: n.transaction_id,
          fields: JSON.parse(n.fields_json) as Record<string, string>,
          created_at: new Date(n.created_at).toISOString(),
          state: n.delivered_at !== null ? 'delivered' : n.gave_up_at !== null ? 'gave_up' : 'pending',
          next_attempt_at:
            n.delivered_at === null && n.gave_up_at === null ? new Date(n.next_attempt_at).toISOString() : null,
          attempts: n.attempt_list.map((a) => ({
            at: new Date(a.attempted_at).toISOString(),
            http_status: a.http_status,
            response_body: a.response_body,
            error: a.error,
          })),
        })),
      });
    })
    .get('/transactions', async (c) => {
      // the newest 100 unless `limit` says more (a test that checks a thousand orders asks once, not per order)
      const limitText = c.req.query('limit') ?? '100';
      const limit = Number(limitText);
      if (!/^\d+$/.test(limitText) || limit < 1 || limit > MAX_LISTED)
        return invalid(c, [{ path: 'limit', message: `must be a whole number from 1 to ${MAX_LISTED}` }]);
      const rows = await listTransactions(
        deps.db,
        {
          order_no: q(c.req.query('order_no')),
          transaction_id: q(c.req.query('transaction_id')),
          account_id: q(c.req.query('account_id')),
        },
        limit,
      );
      const transactions = [];
      for (const tx of rows) {
        transactions.push({
          ...toTransactionRecord(tx, deps.profile, await disputesOf(deps.db, tx.transaction_id)),
          account_id: tx.account_id,
          merchant_id: tx.merchant_id,
          channel: tx.channel,
          card_last4: tx.card_last4,
          return_url: tx.return_url,
          notify_url: tx.notify_url,
          settle_at: tx.settle_at === null ? null : new Date(tx.settle_at).toISOString(),
          request: JSON.parse(tx.request_json) as unknown,
          refunds: (await refundsOf(deps.db, tx.transaction_id)).map((r) => ({
            refund_reference_id: r.refund_reference_id,
            refund_reference: r.refund_reference,
            refund_amount: toDecimal(r.amount_minor, r.currency),
            refund_reason: r.reason,
            state: r.state,
            message: r.message,
            created_at: new Date(r.created_at).toISOString(),
          })),
        });
      }
      return c.json({ transactions });
    })
    .get('/requests/count', async (c) => {
      const count = await countRequests(deps.db, {
        endpoint: q(c.req.query('endpoint')),
        order_no: q(c.req.query('order_no')),
        account_id: q(c.req.query('account_id')),
      });
      return c.json({ count });
    });
}
