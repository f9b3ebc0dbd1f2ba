import { Hono, type Context } from 'hono';
import type { WidgetMessage } from '../../../shared/contract/payment';
import { toDecimal } from '../../../shared/gateway/money';
import type { AppDeps, AppEnv } from '../../deps';
import { addLogFields } from '../../middleware/logRequests';
import { confirmAtMostEvery } from '../../orders';
import type { OnBadSignature } from '../../notifications';
import { markOnce } from '../../orders';
import { findAttempt, OPEN_STATUSES, type AttemptRow } from '../../orders';
import { writeAuditEvent } from '../../orders';
import { findOrder } from '../../orders';
import { findSession, type SessionRow } from '../sessions';
import { renderMessagePage } from '../renderMessagePage';
import { renderResultPage } from '../renderResultPage';

/**
 * `GET /pay/return/:paymentId`: where the gateway sends the shopper back (docs/protocol-decisions.md 7). The query is
 * only a hint: its signature is checked, then the state is confirmed by a query unless a notification has settled it.
 * The card iFrame gets a page that posts the result to the widget; a redirect payment goes back to the shop.
 * A return whose signature does not verify is not believed, but its order is queried (`onBadSignature`), so the
 * shopper still learns the state the gateway confirms.
 *
 * Anyone holding a return link can replay it, so a replay must cost little: the confirmation query is made at
 * most once per attempt every CONFIRM_EVERY_MS, and the audit log gets one line per attempt and returned status
 * (one for all unverified returns of the attempt), holding only the signed fields.
 */
export function returnRoutes(deps: AppDeps, onBadSignature: OnBadSignature) {
  const frameAncestors = deps.config.allowedOrigins.join(' ') || "'none'";
  return new Hono<AppEnv>().get('/:paymentId', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors}`,
    );
    const { db } = deps.store;
    const requestId = c.get('requestId');
    const attempt = await findAttempt(db, c.req.param('paymentId'));
    const order = attempt && (await findOrder(db, attempt.order_id));
    const session = attempt && (await findSession(db, attempt.session_id));
    if (!attempt || !order || !session)
      return c.html(renderMessagePage('Payment not found', 'This payment does not exist.'), 404);
    addLogFields(c, { order_no: order.order_no, transaction_id: attempt.transaction_id ?? undefined });

    const query = c.req.query();
    // a return signed for another of our orders must not speak for this one
    const signed =
      query.order_no === attempt.gateway_order_no &&
      deps.gateway.verifyReturn(query, {
        currency: order.currency,
        amount: toDecimal(order.amount_minor, order.currency),
      });
    const status = (query.payment_status ?? '?').slice(0, 10);
    if (await markOnce(db, attempt.id, signed ? `return:${status}` : 'return:unsigned', deps.now())) {
      await writeAuditEvent(db, {
        kind: signed ? 'return' : 'ignored',
        summary: signed ? `return: gateway says ${status}` : 'return: the signature does not verify',
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
        request_id: requestId,
        detail: signed
          ? signedFields(query, deps.gateway.profile.signatures.returnRedirect)
          : { reason: 'bad_signature' },
      });
    }
    if (!signed) {
      // the query is the truth: what it settles is shown; the return's own claims never are
      await onBadSignature('return', query, requestId);
      const settled = (await findAttempt(db, attempt.id)) ?? attempt;
      if (OPEN_STATUSES.includes(settled.status))
        return c.html(renderMessagePage('Payment not confirmed', 'This return link could not be verified.'), 400);
      return answer(c, session, settled, frameAncestors);
    }

    let current: AttemptRow = attempt;
    if (OPEN_STATUSES.includes(attempt.status)) {
      await confirmAtMostEvery(deps, attempt, requestId);
      current = (await findAttempt(db, attempt.id)) ?? attempt;
    }
    return answer(c, session, current, frameAncestors);
  });
}

/** What the return's signature covers (and `message`, cut short): extra query fields are anyone's to add. */
function signedFields(query: Record<string, string>, signed: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of [...signed, 'message']) if (query[name] !== undefined) kept[name] = query[name].slice(0, 256);
  return kept;
}

function answer(c: Context<AppEnv>, session: SessionRow, attempt: AttemptRow, frameAncestors: string): Response {
  const message: Extract<WidgetMessage, { type: 'result' }> = {
    source: 'checkout',
    type: 'result',
    payment_id: attempt.id,
    order_no: session.order_no,
    status: attempt.status,
    ...(attempt.message ? { message: attempt.message } : {}),
  };
  if (attempt.kind === 'card' && attempt.widget_origin) {
    const { html, scriptHash } = renderResultPage(message, attempt.widget_origin);
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src ${scriptHash}; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors}`,
    );
    return c.html(html);
  }
  if (session.return_url) {
    const url = new URL(session.return_url);
    url.searchParams.set('order_no', session.order_no);
    url.searchParams.set('status', attempt.status);
    url.searchParams.set('payment_id', attempt.id);
    return c.redirect(url.toString(), 303);
  }
  return c.html(
    renderMessagePage(`Payment ${attempt.status}`, `Your payment for order ${session.order_no} is ${attempt.status}.`),
  );
}
