import { Hono } from 'hono';
import { z } from 'zod';
import type { SupportRefundLimits } from '../../../shared/contract/adminKeys';
import { currencyCode, decimalString } from '../../../shared/contract/primitives';
import { isAmount, toDecimal, toMinor } from '../../../shared/gateway/money';
import { actorOf } from '../../team';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { principalOf, requirePermission } from '../../team';
import { writeAuditEvent } from '../../orders';
import type { Db } from '../../store';
import { replaceSupportRefundLimits, supportRefundLimits } from '../supportRefundLimits';

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
 * `GET`/`PUT /admin/api/settings/support-refund-limit`: the most one refund by the support role may be, per
 * currency (the whole list at once). A currency that is not listed is one support cannot refund in: a limit
 * nobody set must not mean "no limit". Owners only (`team.manage`); a change is audited with before and after.
 */
export function settingsRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Hono<AppEnv>()
    .use(requirePermission('team.manage'))
    .get('/support-refund-limit', async (c) => c.json<SupportRefundLimits>(await readLimits(db)))
    .put('/support-refund-limit', async (c) => {
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
    });
}

async function readLimits(db: Db): Promise<SupportRefundLimits> {
  const limits = await supportRefundLimits(db);
  return {
    limits: [...limits]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, minor]) => ({ currency, amount: toDecimal(minor, currency) })),
  };
}
