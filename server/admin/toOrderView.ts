import { toDecimal } from '../../shared/gateway/money';
import type { OrderStatus } from '../../shared/gateway/status';
import type { OrderRow } from '../store/orders';

/** An order as the admin API lists it (admin/api/client.ts `OrderRow`): amounts as decimal strings. */
export interface OrderView {
  order_no: string;
  status: OrderStatus;
  amount: string;
  currency: string;
  transaction_id: string | null;
  email: string | null;
  created_at: string;
  updated_at: string;
  /** what was captured; null while nothing is */
  captured: string | null;
  /** what was refunded; null while nothing is */
  refunded: string | null;
}

/** Statuses in which the payment has been captured (settled): paid directly, or captured, then maybe refunded. */
const CAPTURED: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

export function toOrderView(order: OrderRow): OrderView {
  const money = (minor: number) => toDecimal(minor, order.currency);
  const captured = order.captured_minor ?? (CAPTURED.includes(order.status) ? order.amount_minor : null);
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
  };
}
