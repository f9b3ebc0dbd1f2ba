import { Hono } from 'hono';
import type { AdminPaymentMethods } from '../../../shared/contract/admin';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { requirePermission } from '../../team';
import { writeAuditEvent } from '../../orders';
import { installmentPlansOf, replaceInstallmentPlans } from '../methodOptions';
import { listPaymentMethods } from '../paymentMethods';
import { replacePaymentMethods } from '../replacePaymentMethods';
import { diffMethods } from '../diffMethods';
import { methodsBody } from '../methodsBody';
import { toAdminMethod, toInstallmentPlans, toMethodRow } from '../toAdminMethod';
import { describeRequest } from '../../http/describeRequest';

/**
 * `GET /admin/api/payment-methods` and `PUT` (the whole list at once, each card with its installment counts).
 * A save is audited with what changed: each changed method's fields before and after (diffMethods).
 * What a session offers follows at once: `GET /api/sessions/:id` filters this list by the session's country,
 * currency and amount, and offers a card's installments.
 */
export function paymentMethodRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const list = async (): Promise<AdminPaymentMethods> => {
    const methods = await listPaymentMethods(db);
    const plans = await installmentPlansOf(
      db,
      methods.map((m) => m.id),
    );
    return { methods: methods.map((m) => toAdminMethod(m, plans.get(m.id))) };
  };
  return new Hono<AppEnv>()
    .get('/', requirePermission('methods.read'), async (c) => c.json<AdminPaymentMethods>(await list()))
    .put('/', describeRequest({ body: methodsBody }), requirePermission('methods.write'), async (c) => {
      const { methods } = parseWith(methodsBody, (await readJson(c)).value);
      const now = deps.now().toISOString();
      const current = await installmentPlansOf(
        db,
        methods.map((m) => m.id),
      );
      const plans = new Map(
        methods.flatMap((m) =>
          m.installments
            ? [[m.id, toInstallmentPlans(m.installments, current.get(m.id) ?? [], m.installment_interest)] as const]
            : [],
        ),
      );
      const ids = methods.map((m) => m.id);
      const before = await list();
      await replacePaymentMethods(
        db,
        methods.map((m) => toMethodRow(m, now)),
        (trx) => replaceInstallmentPlans(trx, ids, plans, now),
      );
      const after = await list();
      await writeAuditEvent(
        db,
        {
          kind: 'payment_methods',
          summary: `payment methods saved: ${methods.map((m) => `${m.id}${m.enabled ? '' : ' (off)'}`).join(', ') || 'none'}`,
          request_id: c.get('requestId'),
          detail: { changes: diffMethods(before.methods, after.methods) },
        },
        now,
      );
      return c.json<AdminPaymentMethods>(after);
    });
}
