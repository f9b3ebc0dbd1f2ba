import { Hono, type Context } from 'hono';
import type { WidgetMessage } from '../../../shared/contract/payment';
import { toDecimal } from '../../../shared/gateway/money';
import { readIncoming } from '../../../shared/gateway/profile';
import { escapeHtml } from '../../http/escapeHtml';
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
import { extraPaymentText } from '../extraPaymentText';
import { extraPaymentOf } from '../viewSession';

/** How often the "checking your payment" page asks again, in seconds. */
const CHECK_AGAIN_SECONDS = 2;

/**
 * `GET` and `POST /pay/return/:paymentId`: where the gateway sends the shopper back (docs/protocol-decisions.md 7), by
 * a redirect (this project's dialect) or a posted form (the older engine of the family; profile `returns.methods`).
 * The fields, from the posted form or the query, are read under the profile's names (`incoming.fields`) and are only
 * a hint: the signature is checked, then the state is confirmed by a query unless a notification has settled it.
 * The card iFrame gets a page that posts the result to the widget; a redirect payment goes back to the shop.
 * A return whose signature does not verify is not believed, but its payment is queried (`onBadSignature`), and
 * while the answer leaves it open the shopper sees "Checking your payment", a page that asks again every
 * CHECK_AGAIN_SECONDS (a GET without fields, confirmed by a throttled query) until the result: never an error page.
 *
 * Anyone holding a return link can replay it, so a replay must cost little: the confirmation query is made at
 * most once per attempt every CONFIRM_EVERY_MS, and the audit log gets one line per attempt and returned status
 * (one for all unverified returns of the attempt), holding only the signed fields.
 */
export function returnRoutes(deps: AppDeps, onBadSignature: OnBadSignature) {
  const frameAncestors = deps.config.allowedOrigins.join(' ') || "'none'";
  const profile = deps.gateway.profile;
  const handle = async (c: Context<AppEnv>, fields: Record<string, string>) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors}`,
    );
    const { db } = deps.store;
    const requestId = c.get('requestId');
    const attempt = await findAttempt(db, c.req.param('paymentId') ?? '');
    const order = attempt && (await findOrder(db, attempt.order_id));
    const session = attempt && (await findSession(db, attempt.session_id));
    if (!attempt || !order || !session)
      return c.html(renderMessagePage('Payment not found', 'This payment does not exist.'), 404);
    addLogFields(c, { order_no: order.order_no, transaction_id: attempt.transaction_id ?? undefined });

    // the page's own "ask again" carries no fields: nothing to verify, the query answers
    const carriesFields = Object.keys(fields).length > 0;
    // a return signed for another of our orders must not speak for this one
    const signed =
      carriesFields &&
      readIncoming(profile, fields, 'orderNo') === attempt.gateway_order_no &&
      deps.gateway.verifyReturn(fields, {
        currency: order.currency,
        amount: toDecimal(order.amount_minor, order.currency),
      });
    const status = (readIncoming(profile, fields, 'status') ?? '?').slice(0, 10);
    if (
      carriesFields &&
      (await markOnce(db, attempt.id, signed ? `return:${status}` : 'return:unsigned', deps.now()))
    ) {
      await writeAuditEvent(db, {
        kind: signed ? 'return' : 'ignored',
        summary: signed ? `return: gateway says ${status}` : 'return: the signature does not verify',
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
        request_id: requestId,
        detail: signed ? signedFields(fields, profile.signatures.returnRedirect) : { reason: 'bad_signature' },
      });
    }
    if (!signed && carriesFields) {
      // the query is the truth: what it settles is shown; the return's own claims never are
      await onBadSignature('return', { ...fields, order_no: attempt.gateway_order_no }, requestId);
    } else if (OPEN_STATUSES.includes(attempt.status)) {
      await confirmAtMostEvery(deps, attempt, requestId);
    }
    const current: AttemptRow = (await findAttempt(db, attempt.id)) ?? attempt;
    if (!signed && OPEN_STATUSES.includes(current.status)) return c.html(renderCheckingPage(attempt.id));
    return answer(c, deps, session, current, frameAncestors);
  };
  return new Hono<AppEnv>()
    .get('/:paymentId', (c) => handle(c, c.req.query()))
    .post('/:paymentId', async (c) => {
      // the posted form first (a repeated field keeps its first value), then what the query adds
      const fields: Record<string, string> = {};
      if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? ''))
        for (const [name, value] of new URLSearchParams(await c.req.text()))
          if (!Object.hasOwn(fields, name) && Object.keys(fields).length < 80) fields[name] = value;
      for (const [name, value] of Object.entries(c.req.query())) if (!Object.hasOwn(fields, name)) fields[name] = value;
      return handle(c, fields);
    });
}

/**
 * "Checking your payment": shown while the gateway has not confirmed a return the backend could not verify; asks
 * again (a GET without fields) every CHECK_AGAIN_SECONDS. A status page, not an error: HTTP 200.
 */
function renderCheckingPage(paymentId: string): string {
  const again = `/pay/return/${encodeURIComponent(paymentId)}`;
  return renderMessagePage(
    'Checking your payment',
    'We are confirming your payment with the payment provider. This page updates by itself.',
  ).replace(
    '<meta charset="utf-8">',
    `<meta charset="utf-8"><meta http-equiv="refresh" content="${CHECK_AGAIN_SECONDS};url=${escapeHtml(again)}">`,
  );
}

/** What the return's signature covers (and `message`, cut short): extra query fields are anyone's to add. */
function signedFields(query: Record<string, string>, signed: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of [...signed, 'message']) if (query[name] !== undefined) kept[name] = query[name].slice(0, 256);
  return kept;
}

async function answer(
  c: Context<AppEnv>,
  deps: AppDeps,
  session: SessionRow,
  attempt: AttemptRow,
  frameAncestors: string,
): Promise<Response> {
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
  // no shop page to go back to: this page is the result, and says what the widget says of a double payment
  const order = await findOrder(deps.store.db, attempt.order_id);
  const extra = order && (await extraPaymentOf(deps.store.db, order));
  return c.html(
    renderMessagePage(
      `Payment ${attempt.status}`,
      `Your payment for order ${session.order_no} is ${attempt.status}.`,
      '',
      extra ? [extraPaymentText(extra)] : [],
    ),
  );
}
