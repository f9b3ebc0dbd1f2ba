import { Hono } from 'hono';
import { type GatewayProfile, type NotificationKind, readIncoming } from '../../../shared/gateway/profile';
import type { AppDeps, AppEnv } from '../../deps';
import { addLogFields } from '../../middleware/logRequests';
import { findAttemptByGatewayOrderNo, writeAuditEvent } from '../../orders';
import { createWindowCounter } from '../../windowCounter';
import { applyNotification } from '../applyNotification';
import { storeCue } from '../cues';
import { createCueWorker } from '../processCues';
import { readNotification, readNotificationBody } from '../readNotification';

/**
 * Ignored notifications written to the audit log per minute and process; the rest are only counted
 * (`notifications{outcome=...}`): anyone can send them, so each must cost a bounded amount of disk.
 */
const IGNORED_AUDITS_PER_MINUTE = 60;
/** the most of a notification's order_no kept in a log line (the gateway's are at most 50 characters) */
const ORDER_NO_KEPT = 50;

/** The kinds whose own fields a shopper's signed return link could pass for, when the two lists are one. */
const REPLAYABLE: readonly NotificationKind[] = ['refund', 'dispute'];

/**
 * Whether a verified notification of `kind` may be applied at once: the profile trusts the kind
 * (`incoming.trusted`), and, for a refund or a dispute, its signature is not the return's (parseProfile refuses
 * that profile already; this holds whatever built the profile).
 */
function trusts(profile: GatewayProfile, kind: NotificationKind): boolean {
  if (!profile.incoming.trusted.includes(kind)) return false;
  if (!REPLAYABLE.includes(kind)) return true;
  return profile.signatures.notification.join(',') !== profile.signatures.returnRedirect.join(',');
}

/**
 * `POST /hooks/gateway`: the gateway's notifications (docs/protocol-decisions.md 6). A notification is a cue; the
 * truth is the answer to the backend's own question. Any notification of this merchant account, posted as a form
 * or as JSON, in any dialect the profile reads (readNotification), with or without an id, is acknowledged with
 * `success` once what is needed to act on it is stored: a cue naming the payment (storeCue, migration 019), which
 * the cue worker then confirms by the refund search and the query (processCues). Only those answers move money
 * state. A notification whose signature verifies under the profile, of a kind the profile trusts
 * (`incoming.trusted`), is applied at once instead (applyNotification), once per id (or content hash).
 *
 * Bounded for a hostile sender: the body is cut at the receiver's limit (server/app.ts), a cue is stored only for a
 * payment the backend made, deduplicated by id or content, at most a few per payment, and acted on at most once per
 * payment every few seconds; a notification about no payment of ours stores nothing but a rate-limited audit line.
 * One that names another merchant or account is refused (400): it is not ours to acknowledge. A body sent as XML is
 * refused by its content type (415), and one that is neither a form nor a JSON object with 400.
 */
export function hookRoutes(deps: AppDeps) {
  const { merchantId, accountId } = deps.config.gateway;
  const profile = deps.gateway.profile;
  const ignoredAudits = createWindowCounter({ windowMs: 60_000, now: () => deps.now().getTime(), maxKeys: 1 });
  const worker = createCueWorker(deps);
  return new Hono<AppEnv>().post('/', async (c) => {
    deps.metrics.notificationsReceived.inc();
    const requestId = c.get('requestId');
    const contentType = c.req.header('content-type') ?? '';
    // XML is never read, not even as form fields (no DOCTYPE or entity reaches a parser): refused by its type
    if (/\bxml\b/i.test(contentType)) {
      deps.metrics.notifications.inc({ outcome: 'rejected' });
      return c.text('a notification is a form or a JSON object', 415);
    }
    const fields = readNotificationBody(contentType, await c.req.text());
    if (!fields) {
      deps.metrics.notifications.inc({ outcome: 'rejected' });
      return c.text('a notification is a form or a JSON object', 400);
    }
    const n = readNotification(profile, fields);
    const orderNo = n.orderNo.slice(0, ORDER_NO_KEPT);
    addLogFields(c, { order_no: orderNo, transaction_id: n.form.transaction_id?.slice(0, ORDER_NO_KEPT) });
    const ignored = async (summary: string, reason: string) => {
      if (ignoredAudits.count('ignored').count > IGNORED_AUDITS_PER_MINUTE) return;
      await writeAuditEvent(deps.store.db, {
        kind: 'ignored',
        summary,
        order_no: orderNo || null,
        request_id: requestId,
        detail: { reason, notify_type: n.type.slice(0, 64) },
      });
    };
    if (
      readIncoming(profile, fields, 'merchantId') !== merchantId ||
      readIncoming(profile, fields, 'accountId') !== accountId
    ) {
      deps.metrics.notifications.inc({ outcome: 'rejected' });
      await ignored('notification: not of this merchant account', 'other_account');
      return c.text('not a notification of this merchant account', 400);
    }

    const verified = deps.gateway.verifyNotification(fields);
    if (verified && n.knownType && trusts(profile, n.kind)) {
      // what only the query's record brings (a card's brand, the card to save) is asked for by the cue worker, with
      // other payments' in one query, not by one query per notification before it is acknowledged
      const askLater = async (attempt: { id: string }) => {
        await storeCue(deps.store.db, n, { attemptId: attempt.id, verified, fields }, deps.now().toISOString());
        worker.kick();
      };
      const outcome = await applyNotification(deps, n.form, requestId, { id: n.id, kind: n.kind, askLater });
      deps.metrics.notifications.inc({ outcome });
      return c.text('success', 200);
    }
    if (!verified) {
      deps.metrics.gatewayBadSignatures.inc({ source: 'notification' });
      deps.log.info(
        {
          requestId,
          order_no: orderNo,
          notify_type: n.type.slice(0, 64),
          signed_fields: profile.signatures.notification.join(','),
          fields_received: Object.keys(fields).sort().slice(0, 40).join(',').slice(0, 500),
        },
        'gateway: a notification whose signature does not verify over the profile\'s "notification" list; its payment is queried',
      );
    }
    const attempt = n.orderNo ? await findAttemptByGatewayOrderNo(deps.store.db, n.orderNo) : undefined;
    if (!attempt) {
      deps.metrics.notifications.inc({ outcome: 'unknown_order' });
      await ignored(`notification ${n.type.slice(0, 64)}: no payment with this order_no`, 'unknown_order');
      return c.text('success', 200);
    }
    const stored = await storeCue(
      deps.store.db,
      n,
      { attemptId: attempt.id, verified, fields },
      deps.now().toISOString(),
    );
    deps.metrics.notifications.inc({ outcome: stored === 'stored' ? 'cue' : `cue_${stored}` });
    worker.kick();
    return c.text('success', 200);
  });
}
