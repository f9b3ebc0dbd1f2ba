import { Hono } from 'hono';
import { z } from 'zod';
import { API_ERROR, toFieldErrors, type ErrorBody } from '../../shared/contract/errors';
import { DISPUTE_OUTCOMES } from '../../shared/gateway/disputeStatus';
import { isAmount, toMinor } from '../../shared/gateway/money';
import type { SandboxDeps, SandboxEnv } from '../app';
import { decideDispute } from '../disputes/decideDispute';
import { DEFAULT_REASON, DEFAULT_REASON_CODE, defaultRespondBy } from '../disputes/defaultDispute';
import { DisputeRefused, openDispute } from '../disputes/openDispute';
import { toDisputeView } from '../disputes/toDisputeView';
import { getDispute, listDisputes } from '../store/disputes';
import { getTransaction, listTransactions } from '../store/transactions';
import { invalid, notFound } from './controlErrors';

const openBody = z
  .strictObject({
    transaction_id: z.string().min(1).optional(),
    order_no: z.string().min(1).optional(),
    account_id: z.string().min(1).optional(),
    amount: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "5.00"')
      .optional(),
    reason_code: z.string().min(1).max(10).optional(),
    reason: z.string().min(1).max(100).optional(),
    respond_by: z
      .string()
      .regex(/^\d{8}$/, 'must be a date as YYYYMMDD')
      .optional(),
    outcome: z.enum(DISPUTE_OUTCOMES).optional(),
    decide_in_ms: z.number().int().min(0).optional(),
  })
  .refine((b) => b.transaction_id || b.order_no, {
    path: ['transaction_id'],
    message: 'transaction_id or order_no is required',
  })
  .refine((b) => b.decide_in_ms === undefined || b.outcome, {
    path: ['decide_in_ms'],
    message: 'needs an outcome to decide',
  });

const resultBody = z.strictObject({ outcome: z.enum(DISPUTE_OUTCOMES) });

/**
 * `/sandbox/disputes` (sandbox only, README "Disputes"): open a dispute on any captured payment, list them, and
 * decide one won or lost. Opening and deciding send `DISPUTE RECIEVED` and `DISPUTE RESULT` like the gateway.
 */
export function disputesRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>()
    .get('/', async (c) => {
      const rows = await listDisputes(deps.db, {
        order_no: c.req.query('order_no') || undefined,
        transaction_id: c.req.query('transaction_id') || undefined,
      });
      return c.json({ disputes: rows.map(toDisputeView) });
    })
    .post('/', async (c) => {
      const parsed = openBody.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return invalid(c, toFieldErrors(parsed.error));
      const b = parsed.data;
      const tx = b.transaction_id
        ? await getTransaction(deps.db, b.transaction_id)
        : (
            await listTransactions(
              deps.db,
              { order_no: b.order_no!, ...(b.account_id ? { account_id: b.account_id } : {}) },
              1,
            )
          )[0];
      const field = b.transaction_id ? 'transaction_id' : 'order_no';
      if (!tx || (b.account_id && tx.account_id !== b.account_id))
        return notFound(c, `no transaction with this ${field}`);
      if (b.amount !== undefined && !isAmount(b.amount, tx.currency))
        return invalid(c, [{ path: 'amount', message: `is not an amount in ${tx.currency}` }]);
      const account = deps.findAccount(tx.account_id)!;
      const now = deps.now();
      try {
        const dispute = await openDispute(
          deps.db,
          account,
          {
            transaction_id: tx.transaction_id,
            amount_minor: b.amount === undefined ? undefined : toMinor(b.amount, tx.currency),
            reason_code: b.reason_code ?? DEFAULT_REASON_CODE,
            reason: b.reason ?? DEFAULT_REASON,
            respond_by: b.respond_by ?? defaultRespondBy(now),
            planned: b.outcome ?? null,
            decide_at: b.outcome ? now + (b.decide_in_ms ?? deps.disputeMs ?? 5000) : null,
          },
          now,
          deps.profile,
        );
        deps.onEnqueued();
        return c.json(toDisputeView(dispute), 201);
      } catch (e) {
        if (e instanceof DisputeRefused) return invalid(c, [{ path: e.field, message: e.message }]);
        throw e;
      }
    })
    .post('/:id/result', async (c) => {
      const parsed = resultBody.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) return invalid(c, toFieldErrors(parsed.error));
      const found = await getDispute(deps.db, c.req.param('id'));
      const account = found && deps.findAccount(found.account_id);
      if (!found || !account) return notFound(c, `no dispute ${c.req.param('id')}`);
      const decided = await decideDispute(
        deps.db,
        account,
        found.dispute_id,
        parsed.data.outcome,
        deps.now(),
        deps.profile,
      );
      if (!decided) return notFound(c, `no dispute ${c.req.param('id')}`);
      if (!decided.changed && decided.dispute.state !== parsed.data.outcome) {
        const body: ErrorBody = {
          error: { code: API_ERROR.conflict, message: `the dispute was already ${decided.dispute.state}` },
        };
        return c.json(body, 409);
      }
      deps.onEnqueued();
      return c.json(toDisputeView(decided.dispute));
    });
}
