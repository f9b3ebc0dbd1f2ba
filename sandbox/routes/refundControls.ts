import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toFieldErrors } from '../../shared/contract/errors';
import { REFUND_STATE } from '../../shared/gateway/refundState';
import type { SandboxDeps, SandboxEnv } from '../app';
import { stepRefund } from '../payments/advanceRefunds';
import { findRefund } from '../store/refunds';
import { listTransactions, updateIfStatus } from '../store/transactions';
import { invalid, notFound } from './controlErrors';

const outcomeBody = z.object({
  order_no: z.string().min(1).max(50),
  outcome: z.enum(['fail', 'hold', 'succeed']),
});
const resultBody = z.object({ outcome: z.enum(['succeeded', 'failed']) });

/**
 * Test controls for refunds (README "Refunds"), sandbox-only like every `/sandbox/*` route:
 * - `POST /sandbox/refund-outcome {order_no, outcome}`: the NEXT refund of that order's latest payment fails
 *   after it was received and accepted (`fail`), waits in accepted (`hold`), or succeeds (`succeed`, the default);
 * - `POST /sandbox/refunds/:refund_reference_id/result {outcome}`: gives a refund not yet final its result now.
 */
export function refundControlsRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>()
    .post('/refund-outcome', async (c) => {
      const parsed = outcomeBody.safeParse(await jsonOf(c));
      if (!parsed.success) return invalid(c, toFieldErrors(parsed.error));
      const [tx] = await listTransactions(deps.db, { order_no: parsed.data.order_no }, 1);
      if (!tx) return notFound(c, `no payment with order_no ${parsed.data.order_no}`);
      await updateIfStatus(deps.db, tx.transaction_id, tx.status, { refund_plan: parsed.data.outcome });
      return c.json({ transaction_id: tx.transaction_id, next_refund: parsed.data.outcome });
    })
    .post('/refunds/:id/result', async (c) => {
      const parsed = resultBody.safeParse(await jsonOf(c));
      if (!parsed.success) return invalid(c, toFieldErrors(parsed.error));
      const refund = await findRefund(deps.db, c.req.param('id'));
      if (!refund) return notFound(c, `no refund ${c.req.param('id')}`);
      if (refund.state === REFUND_STATE.succeeded || refund.state === REFUND_STATE.failed)
        return c.json(
          { error: { code: 'conflict', message: `refund ${refund.refund_reference_id} is already ${refund.state}` } },
          409,
        );
      const moved = await stepRefund(deps.db, deps.findAccount, refund, parsed.data.outcome, deps.now(), deps.profile);
      deps.onEnqueued();
      return c.json({
        refund_reference_id: refund.refund_reference_id,
        state: moved ? parsed.data.outcome : refund.state,
      });
    });
}

async function jsonOf(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
