import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../deps';
import { addLogFields } from '../../middleware/logRequests';
import { applyNotification } from '../applyNotification';
import type { OnBadSignature } from '../queryOnBadSignature';
import { writeAuditEvent } from '../../orders';
import { createWindowCounter } from '../../windowCounter';

/**
 * Refused notifications written to the audit log per minute and process; the rest are only counted
 * (`notifications{outcome="rejected"}`): anyone can send them, so each must cost a bounded amount of disk.
 */
const REFUSED_AUDITS_PER_MINUTE = 60;
/** the most of a refused notification's order_no kept (the gateway's are at most 50 characters) */
const ORDER_NO_KEPT = 50;

/**
 * `POST /hooks/gateway`: the gateway's notifications (docs/protocol-decisions.md 6). The signature is checked on the
 * form exactly as received; only then is anything stored. Any verified notification is acknowledged with
 * `success`, including duplicates and ignored ones, so the gateway stops retrying them. One whose signature
 * does not verify is refused, and its order queried in the background (`onBadSignature`); what it carried is not
 * stored: the audit line says why it was refused and names its order_no, truncated, and no more than
 * REFUSED_AUDITS_PER_MINUTE such lines are written.
 */
export function hookRoutes(deps: AppDeps, onBadSignature: OnBadSignature) {
  const { merchantId, accountId } = deps.config.gateway;
  const refusedAudits = createWindowCounter({ windowMs: 60_000, now: () => deps.now().getTime(), maxKeys: 1 });
  return new Hono<AppEnv>().post('/', async (c) => {
    deps.metrics.notificationsReceived.inc();
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
      deps.metrics.notifications.inc({ outcome: 'rejected' });
      return c.text('notifications must be application/x-www-form-urlencoded', 415);
    }
    const form: Record<string, string> = {};
    // a repeated field keeps its first value: a second copy cannot override what was signed
    for (const [name, value] of new URLSearchParams(await c.req.text())) if (!(name in form)) form[name] = value;
    const orderNo = form.order_no?.slice(0, ORDER_NO_KEPT);
    addLogFields(c, { order_no: orderNo, transaction_id: form.transaction_id?.slice(0, ORDER_NO_KEPT) });
    const verified =
      form.merchant_id === merchantId && form.account_id === accountId && deps.gateway.verifyNotification(form);
    if (!verified || !form.notify_id) {
      if (refusedAudits.count('refused').count <= REFUSED_AUDITS_PER_MINUTE) {
        await writeAuditEvent(deps.store.db, {
          kind: 'ignored',
          summary: verified ? 'notification without notify_id' : 'notification: the signature does not verify',
          order_no: orderNo ?? null,
          request_id: c.get('requestId'),
          detail: { reason: verified ? 'no_notify_id' : 'bad_signature' },
        });
      }
      deps.metrics.notifications.inc({ outcome: 'rejected' });
      if (!verified) {
        // in the background: the gateway's delivery must not wait for our query
        onBadSignature('notification', form, c.get('requestId')).catch((err: unknown) =>
          deps.log.error({ err, order_no: form.order_no }, 'gateway: the query after a bad signature failed'),
        );
      }
      return c.text(verified ? 'notify_id is required' : 'invalid signature', 400);
    }
    deps.metrics.notifications.inc({ outcome: await applyNotification(deps, form, c.get('requestId')) });
    return c.text('success', 200);
  });
}
