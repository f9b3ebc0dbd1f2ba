import { API_ERROR } from '../../shared/contract/errors';
import { formatGatewayMessage } from '../../shared/gateway/errors';
import { REFUND_STATE, refundStateOfRecord } from '../../shared/gateway/refundState';
import { toDecimal } from '../../shared/gateway/money';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { findAttempt } from '../orders';
import { writeAuditEvent } from '../orders';
import { findOrderByNo, type OrderRow } from '../orders';
import {
  backOffAlertRefund,
  findAlert,
  findOrder,
  journalAlertRefund,
  pendingAlertRefunds,
  settleAlertRefund,
  unrefundedDoublePayments,
} from '../orders';
import { doublePaymentRefundSetting } from './doublePaymentRefund';
import { callBatch } from '../operations';
import { refreshFromGateway } from '../operations';
import { lockOrders } from './lockOrders';
import { overRefundLimit, type RefundLimit, refundedUnderLimit } from './refundLimit';
import { runInTransaction } from '../store';
import { toAlertView, type AlertView } from '../orders';

/** What the owner is answered: the alert with its refund, or an error whose outcome they must know. */
export type ExtraRefundAnswer =
  | { status: 200; body: { alert: AlertView; refund: AlertView['refund'] } }
  | {
      status: 502;
      body: { error: { code: string; message: string } };
    };

/**
 * `POST /admin/api/orders/:order_no/alerts/:alert_id/refund`: refunds, in full, the extra attempt of a double
 * payment (raisePaymentAlerts), exactly once. The refund is journalled on the alert under a fixed reference
 * before it is sent; a request that finds it pending (the answer was lost, or the process died) first looks the
 * reference up at the gateway and only sends again, under the same reference, when the gateway never got it. The
 * gateway refuses a reference twice, so even two requests at once refund once. The order's own payment (its
 * current attempt) is not touched.
 */
export async function refundExtraPayment(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  orderNo: string,
  alertId: string,
  requestId?: string,
  limit?: RefundLimit,
): Promise<ExtraRefundAnswer> {
  const { db } = deps.store;
  const order = await findOrderByNo(db, orderNo);
  const alert = order && (await findAlert(db, alertId));
  if (!order || !alert || alert.order_id !== order.id)
    throw new ApiError(404, API_ERROR.not_found, `no alert ${alertId} on order ${orderNo}`);
  if (alert.kind !== 'double_payment')
    throw new ApiError(
      409,
      API_ERROR.conflict,
      'only the extra payment of a double payment is refunded here; refund the order itself instead',
    );
  const attempt = (await findAttempt(db, alert.attempt_id))!;
  const at = () => deps.now().toISOString();
  const audit = (summary: string) =>
    writeAuditEvent(
      db,
      {
        kind: 'refund',
        summary,
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
        request_id: requestId ?? null,
      },
      at(),
    );
  const done = async () => {
    await refreshFromGateway(deps, [attempt], requestId);
    const view = toAlertView((await findAlert(db, alert.id))!, (await findAttempt(db, attempt.id))!, money(order));
    return { status: 200 as const, body: { alert: view, refund: view.refund } };
  };
  const unknown = (message: string): ExtraRefundAnswer => ({
    status: 502,
    body: { error: { code: 'outcome_unknown', message } },
  });

  if (alert.refund_status === 'succeeded') return done();
  let reference = alert.refund_reference;
  if (alert.refund_status === 'pending' && reference) {
    const found = await lookUp(deps, attempt.gateway_order_no, reference);
    if (found === 'unavailable')
      return unknown(
        'the earlier refund of this payment could not be checked with the gateway; nothing was sent, try again later',
      );
    // received or accepted: it succeeds or fails later; nothing is sent again meanwhile
    if (found === 'in_flight') return done();
    if (found) return settle(deps, alert.id, reference, found.ok, found.message, audit, done);
  } else {
    if (attempt.status !== 'paid')
      throw new ApiError(
        409,
        API_ERROR.conflict,
        `the extra payment is ${attempt.status}; only a paid one is refunded here`,
      );
    const tries = Number(alert.refund_reference?.split('.').pop() ?? 0);
    const next = `${alert.id}.${tries + 1}`;
    reference = next;
    // the support role's limit holds per order and per day, with the order's own refunds, as in refundOrders.ts:
    // checked and journalled under the order's lock, so two requests at once cannot both fit under it
    const journalled = await runInTransaction(db, async (trx) => {
      await lockOrders(trx, deps.store.dialect, [order.id]);
      const now = at();
      const overLimit =
        limit &&
        overRefundLimit(
          limit,
          order.amount_minor,
          order.currency,
          await refundedUnderLimit(trx, deps.store.dialect, limit.role, order, now),
        );
      if (overLimit) throw new ApiError(403, API_ERROR.forbidden, overLimit);
      return journalAlertRefund(trx, alert, next, now, limit?.role ?? null);
    });
    if (!journalled)
      throw new ApiError(
        409,
        API_ERROR.conflict,
        'this payment is being refunded by another request; try again in a moment',
      );
    await audit(`refund of the extra payment ${money(order)} ${order.currency} journalled as ${reference}`);
  }

  const item = {
    transaction_id: attempt.transaction_id ?? '',
    order_no: attempt.gateway_order_no,
    currency: order.currency,
    amount: toDecimal(order.amount_minor, order.currency),
    refund_amount: toDecimal(order.amount_minor, order.currency),
    refund_reason: 'paid twice: refund of the extra payment',
    refund_reference: reference,
  };
  const outcome = (await callBatch(deps.gateway, 'refund', [item])).get(item.transaction_id) ?? {
    kind: 'unknown' as const,
    message: 'no answer for this payment',
  };
  if (outcome.kind === 'ok') {
    // refunds are asynchronous: the gateway received it, and it succeeds or fails later; the alert's refund stays
    // pending until a look-up by its reference says which (a repeat of this request, or the reconcile loop)
    await audit(`refund of the extra payment (${reference}): received by the gateway`);
    return done();
  }
  if (outcome.kind === 'failed' && outcome.code !== 'E0008')
    return settle(deps, alert.id, reference, false, formatGatewayMessage(outcome.code, outcome.message), audit, done);
  // lost, or the gateway has this reference already: the next request looks it up before sending anything
  await audit(`refund of the extra payment (${reference}): outcome unknown, kept pending`);
  return unknown(
    'the refund was sent but its outcome is not known yet; send this request again to check it (it is never refunded twice)',
  );
}

function money(order: OrderRow): string {
  return toDecimal(order.amount_minor, order.currency);
}

/** The extra payment's refund `reference`, searched by the payment's order number (as searchRefunds does). */
async function lookUp(
  deps: Pick<AppDeps, 'gateway' | 'log'>,
  gatewayOrderNo: string,
  reference: string,
): Promise<{ ok: boolean; message: string | null } | 'in_flight' | undefined | 'unavailable'> {
  try {
    const { refunds } = await deps.gateway.retrievalRefund({ refund_orders: [gatewayOrderNo] });
    const record = refunds.find((r) => r.query_result !== '0' && r.refund_reference === reference);
    if (!record) return undefined;
    const state = refundStateOfRecord(record);
    if (state !== REFUND_STATE.succeeded && state !== REFUND_STATE.failed) return 'in_flight';
    const ok = state === REFUND_STATE.succeeded;
    return { ok, message: ok ? null : typeof record.refund_message === 'string' ? record.refund_message : null };
  } catch (err) {
    deps.log.warn(
      { err: { name: (err as Error).name, message: (err as Error).message } },
      'admin: retrievalRefund failed',
    );
    return 'unavailable';
  }
}

async function settle(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  alertId: string,
  reference: string,
  ok: boolean,
  message: string | null,
  audit: (summary: string) => Promise<void>,
  done: () => Promise<ExtraRefundAnswer>,
): Promise<ExtraRefundAnswer> {
  await settleAlertRefund(
    deps.store.db,
    alertId,
    { refund_status: ok ? 'succeeded' : 'failed', refund_message: message },
    deps.now().toISOString(),
  );
  await audit(`refund of the extra payment (${reference}): ${ok ? 'succeeded' : `refused, ${message ?? ''}`}`);
  if (ok) return done();
  return {
    status: 502,
    body: { error: { code: 'refund_failed', message: `the gateway refused the refund: ${message ?? ''}` } },
  };
}

/**
 * The owner's automatic refund (server/refunds/doublePaymentRefund.ts, `PUT /admin/api/settings/double-payment-refund`): each
 * extra payment found at least the set delay ago, paid, and never refunded, is refunded as the owner's button
 * does it (refundExtraPayment: journalled, once), without the support role's limit. One that fails is left to the
 * owner, who sees it on the order; one whose outcome is lost is looked up by the loop below, as after the button.
 */
async function refundDueExtraPayments(deps: Pick<AppDeps, 'store' | 'gateway' | 'log' | 'now' | 'config'>) {
  const { db } = deps.store;
  const setting = await doublePaymentRefundSetting(db);
  if (!setting.auto) return;
  const foundBy = new Date(deps.now().getTime() - setting.delay_minutes * 60_000).toISOString();
  for (const alert of await unrefundedDoublePayments(db, foundBy)) {
    const order = await findOrder(db, alert.order_id);
    const attempt = await findAttempt(db, alert.attempt_id);
    if (!order || !attempt) continue;
    await writeAuditEvent(
      db,
      {
        kind: 'refund',
        summary: `automatic refund of the extra payment, ${setting.delay_minutes} min after the double payment was found (the owner's setting)`,
        order_no: attempt.gateway_order_no,
        attempt_id: attempt.id,
      },
      deps.now().toISOString(),
    );
    try {
      await refundExtraPayment(deps, order.order_no, alert.id);
    } catch (err) {
      deps.log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message }, alert_id: alert.id },
        'refunds: the automatic refund of an extra payment failed',
      );
    }
  }
}

/**
 * The reconcile loop's part: every extra-payment refund still pending whose check is due is looked up and settled
 * once the gateway says it succeeded or failed (a failed one can then be sent again by the owner, under a new
 * reference). One the gateway does not know, or still has in flight, is left pending and next looked up at
 * `nextCheckAt(checks)` (the loop's back-off); the owner's next request sends an unknown one again, as after a
 * lost answer.
 */
export async function settlePendingExtraRefunds(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'log' | 'now' | 'config'>,
  nextCheckAt: (checks: number) => string,
): Promise<{ checked: number; settled: number }> {
  await refundDueExtraPayments(deps);
  const pending = await pendingAlertRefunds(deps.store.db, deps.now().toISOString());
  let settled = 0;
  for (const alert of pending) {
    const attempt = await findAttempt(deps.store.db, alert.attempt_id);
    const found = attempt ? await lookUp(deps, attempt.gateway_order_no, alert.refund_reference!) : 'unavailable';
    if (!found || found === 'in_flight' || found === 'unavailable') {
      await backOffAlertRefund(deps.store.db, alert, nextCheckAt(alert.refund_checks));
      continue;
    }
    await settleAlertRefund(
      deps.store.db,
      alert.id,
      { refund_status: found.ok ? 'succeeded' : 'failed', refund_message: found.message },
      deps.now().toISOString(),
    );
    await writeAuditEvent(
      deps.store.db,
      {
        kind: 'refund',
        summary: `reconcile: refund of the extra payment (${alert.refund_reference}): ${found.ok ? 'succeeded' : `refused, ${found.message ?? ''}`}`,
        attempt_id: alert.attempt_id,
      },
      deps.now().toISOString(),
    );
    settled += 1;
  }
  return { checked: pending.length, settled };
}
