import { toDecimal } from '../../shared/gateway/money';
import type { AdminOrder } from '../../shared/contract/admin';
import { isPaymentStatus } from '../../shared/gateway/status';
import { unknownStatusNote } from './unknownStatusNote';
import { CAPTURED_STATUSES, type OrderRow } from './orders';

/** An order as the admin API lists it: amounts as decimal strings. */
export type OrderView = AdminOrder;

/** `lostMinor`: what the order's lost disputes took back (server/disputes/disputes.ts lostDisputeMinor), when known. */
export function toOrderView(order: OrderRow, lostMinor = 0): OrderView {
  const money = (minor: number) => toDecimal(minor, order.currency);
  const captured = order.captured_minor ?? (CAPTURED_STATUSES.includes(order.status) ? order.amount_minor : null);
  return {
    order_no: order.order_no,
    status: order.status,
    amount: money(order.amount_minor),
    currency: order.currency,
    transaction_id: order.transaction_id,
    email: order.email,
    created_at: order.created_at,
    updated_at: order.updated_at,
    captured: captured === null ? null : money(captured),
    refunded: order.refunded_minor > 0 ? money(order.refunded_minor) : null,
    alert: order.alert,
    ...(lostMinor > 0 ? { lost_in_disputes: money(lostMinor) } : {}),
    ...(order.payment_status !== null && !isPaymentStatus(order.payment_status)
      ? { status_note: `${unknownStatusNote(order.payment_status)}; it is settled by query` }
      : {}),
  };
}
