import { Hono } from 'hono';
import { z } from 'zod';
import type { DoublePaymentRefundSetting, SupportRefundLimits } from '../../../shared/contract/adminKeys';
import { currencyCode, decimalString } from '../../../shared/contract/primitives';
import { isAmount, toDecimal, toMinor } from '../../../shared/gateway/money';
import { actorOf } from '../../team';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { principalOf, requirePermission } from '../../team';
import { writeAuditEvent } from '../../orders';
import type { Db } from '../../store';
import { replaceSupportRefundLimits, supportRefundLimits } from '../supportRefundLimits';
import { doublePaymentRefundSetting, MAX_DELAY_MINUTES, saveDoublePaymentRefundSetting } from '../doublePaymentRefund';
import { describeRequest } from '../../http/describeRequest';

const doublePaymentBody = z.strictObject({
  auto: z.boolean({ error: 'must be true or false' }),
  delay_minutes: z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be 0 or more')
    .max(MAX_DELAY_MINUTES, `must be at most ${MAX_DELAY_MINUTES} (a week)`),
});

const limitsBody = z.strictObject({
  limits: z
    .array(z.strictObject({ currency: currencyCode, amount: decimalString }))
    .max(200, 'must list at most 200 currencies')
    .superRefine((limits, ctx) => {
      const seen = new Set<string>();
      for (const [i, l] of limits.entries()) {
        if (seen.has(l.currency))
          ctx.addIssue({ code: 'custom', path: [i, 'currency'], message: `${l.currency} is listed twice` });
        seen.add(l.currency);
        if (!isAmount(l.amount, l.currency))
          ctx.addIssue({ code: 'custom', path: [i, 'amount'], message: `is not an amount in ${l.currency}` });
      }
    }),
});

/**
 * `GET`/`PUT /admin/api/settings/double-payment-refund`: below. `GET`/`PUT /admin/api/settings/support-refund-limit`: the most one refund by the support role may be, per
 * currency (the whole list at once). A currency that is not listed is one support cannot refund in: a limit
 * nobody set must not mean "no limit". Owners only (`team.manage`); a change is audited with before and after.
 */
export function settingsRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return (
    new Hono<AppEnv>()
      .use(requirePermission('team.manage'))
      .get('/support-refund-limit', async (c) => c.json<SupportRefundLimits>(await readLimits(db)))
      .put('/support-refund-limit', describeRequest({ body: limitsBody }), async (c) => {
        const body = parseWith(limitsBody, (await readJson(c)).value);
        const before = await readLimits(db);
        const at = deps.now().toISOString();
        await replaceSupportRefundLimits(
          db,
          new Map(body.limits.map((l) => [l.currency, toMinor(l.amount, l.currency)])),
          actorOf(principalOf(c)),
          at,
        );
        const after = await readLimits(db);
        const list = (s: SupportRefundLimits) => s.limits.map((l) => `${l.amount} ${l.currency}`).join(', ') || 'none';
        await writeAuditEvent(
          db,
          {
            kind: 'settings',
            summary: `support refund limit per refund: ${list(before)} -> ${list(after)}`,
            detail: { setting: 'support_refund_limit', before: before.limits, after: after.limits },
          },
          at,
        );
        return c.json<SupportRefundLimits>(after);
      })
      // the extra payment of a double payment (a late APM payment after the shopper paid another way): refunded by
      // the owner from the order (off), or by the reconcile loop `delay_minutes` after it is found (on); the
      // shopper's widget says which (server/checkout/viewSession.ts)
      .get('/double-payment-refund', async (c) =>
        c.json<DoublePaymentRefundSetting>(await doublePaymentRefundSetting(db)),
      )
      .put('/double-payment-refund', describeRequest({ body: doublePaymentBody }), async (c) => {
        const body = parseWith(doublePaymentBody, (await readJson(c)).value);
        const before = await doublePaymentRefundSetting(db);
        const at = deps.now().toISOString();
        await saveDoublePaymentRefundSetting(db, body, actorOf(principalOf(c)), at);
        const text = (s: DoublePaymentRefundSetting) => (s.auto ? `on, after ${s.delay_minutes} min` : 'off');
        await writeAuditEvent(
          db,
          {
            kind: 'settings',
            summary: `automatic refund of a double payment: ${text(before)} -> ${text(body)}`,
            detail: { setting: 'double_payment_refund', before, after: body },
          },
          at,
        );
        return c.json<DoublePaymentRefundSetting>(body);
      })
  );
}

async function readLimits(db: Db): Promise<SupportRefundLimits> {
  const limits = await supportRefundLimits(db);
  return {
    limits: [...limits]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, minor]) => ({ currency, amount: toDecimal(minor, currency) })),
  };
}
