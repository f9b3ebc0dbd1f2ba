import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { addLogFields } from '../middleware/logRequests';
import { applyNotification } from '../payments/applyNotification';
import type { OnBadSignature } from '../payments/queryOnBadSignature';
import { writeAuditEvent } from '../store/auditEvents';

/**
 * `POST /hooks/gateway`: the gateway's notifications (PROTOCOL.md 6). The signature is checked on the form
 * exactly as received; only then is anything stored. Any verified notification is acknowledged with
 * `success`, including duplicates and ignored ones, so the gateway stops retrying them. One whose signature
 * does not verify is refused, and its order queried in the background (`onBadSignature`).
 */
export function hookRoutes(deps: AppDeps, onBadSignature: OnBadSignature) {
  const { merchantId, accountId } = deps.config.gateway;
  return new Hono<AppEnv>().post('/', async (c) => {
    deps.metrics.notificationsReceived.inc();
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
      deps.metrics.notifications.inc({ outcome: 'rejected' });
      return c.text('notifications must be application/x-www-form-urlencoded', 415);
    }
    const form: Record<string, string> = {};
    // a repeated field keeps its first value: a second copy cannot override what was signed
    for (const [name, value] of new URLSearchParams(await c.req.text())) if (!(name in form)) form[name] = value;
    addLogFields(c, { order_no: form.order_no, transaction_id: form.transaction_id });
    const verified =
      form.merchant_id === merchantId && form.account_id === accountId && deps.gateway.verifyNotification(form);
    if (!verified || !form.notify_id) {
      await writeAuditEvent(deps.store.db, {
        kind: 'ignored',
        summary: verified ? 'notification without notify_id' : 'notification: the signature does not verify',
        order_no: form.order_no ?? null,
        request_id: c.get('requestId'),
        detail: { ...form, ...(form.encryption_data ? { encryption_data: '[masked]' } : {}) },
      });
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
