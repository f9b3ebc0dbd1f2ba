import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { parseWith, readJson } from '../../http/readJsonBody';
import { writeAuditEvent } from '../../store/auditEvents';
import { listPaymentMethods } from '../../store/paymentMethods';
import { replacePaymentMethods } from '../../store/replacePaymentMethods';
import { methodsBody } from '../methods/methodsBody';
import { toAdminMethod, toMethodRow } from '../methods/toAdminMethod';

/**
 * `GET /admin/api/payment-methods` and `PUT` (the whole list at once). What a session offers follows at once:
 * `GET /api/sessions/:id` filters this list by the session's country, currency and amount.
 */
export function paymentMethodRoutes(deps: AppDeps) {
  const { db } = deps.store;
  const list = async () => ({ methods: (await listPaymentMethods(db)).map(toAdminMethod) });
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await list()))
    .put('/', async (c) => {
      const { methods } = parseWith(methodsBody, (await readJson(c)).value);
      const now = deps.now().toISOString();
      await replacePaymentMethods(db, methods.map((m) => toMethodRow(m, now)));
      await writeAuditEvent(
        db,
        { kind: 'payment_methods', summary: `payment methods saved: ${methods.map((m) => `${m.id}${m.enabled ? '' : ' (off)'}`).join(', ') || 'none'}`, request_id: c.get('requestId') },
        now,
      );
      return c.json(await list());
    });
}
