import { MAX_LENGTH } from '../shared/gateway/fields';
import { isAmount, toMinor } from '../shared/gateway/money';
import { STATUS_NAME, statusesAllowing, type OrderStatus, type PaymentEvent } from '../shared/gateway/status';
import type { BulkAction, BulkItem, BulkResult, OrderRow } from './api/client';

export interface BulkOptions {
  /** a partial amount applied to every order (capture, refund); empty = the full amount */
  amount?: string;
  reason?: string;
  /** review only: approve (true) or reject (false) */
  approve?: boolean;
}

export interface BulkPlan {
  items: BulkItem[];
  /** orders whose status does not allow the action: reported, never sent */
  skipped: BulkResult[];
  /** what the action moves, per currency, in minor units (money is never a float) */
  totals: Record<string, number>;
  /** why the plan cannot be sent as it is; empty when it can */
  problems: string[];
}

/** The events behind each action, so eligibility comes from the one transition table in shared/. */
const EVENTS: Record<BulkAction, PaymentEvent[]> = {
  capture: ['capture'],
  cancel: ['cancel'],
  review: ['review_approve', 'review_reject'],
  refund: ['refund_partial', 'refund_full'],
};

export function eligibleStatuses(action: BulkAction): OrderStatus[] {
  const codes = new Set(EVENTS[action].flatMap((e) => statusesAllowing(e)));
  return [...codes].map((c) => STATUS_NAME[c]);
}

export function isEligible(action: BulkAction, status: OrderStatus): boolean {
  return eligibleStatuses(action).includes(status);
}

/** Minor units of an amount the backend sent; an absent amount counts as zero. */
function minorOf(amount: string | null | undefined, currency: string): number {
  return amount && isAmount(amount, currency) ? toMinor(amount, currency) : 0;
}

/**
 * What a full refund would return: captured (or the order amount) less what was refunded already, less what lost
 * disputes took back.
 */
export function refundable(order: OrderRow): number {
  const captured = order.captured ? minorOf(order.captured, order.currency) : minorOf(order.amount, order.currency);
  const lost = minorOf(order.lost_in_disputes, order.currency);
  return Math.max(0, captured - minorOf(order.refunded, order.currency) - lost);
}

/** Turns a selection and the dialog's options into the request items, the skipped orders and the totals. */
export function planBulk(action: BulkAction, orders: readonly OrderRow[], options: BulkOptions = {}): BulkPlan {
  const problems: string[] = [];
  const eligible = orders.filter((o) => isEligible(action, o.status));
  const skipped: BulkResult[] = orders
    .filter((o) => !isEligible(action, o.status))
    .map((o) => ({
      order_no: o.order_no,
      ok: false,
      error: { code: 'skipped', message: `Not sent: an order in status ${o.status} cannot be ${PAST[action]}.` },
    }));

  const partial =
    (action === 'capture' || action === 'refund') && options.amount?.trim() ? options.amount.trim() : undefined;
  const currencies = new Set(eligible.map((o) => o.currency));
  let partialMinor: number | undefined;
  if (partial !== undefined) {
    const [currency] = currencies;
    if (currencies.size > 1) problems.push('A partial amount needs every selected order in one currency.');
    else if (currency && !isAmount(partial, currency))
      problems.push(`The amount must be written like ${currency === 'JPY' ? '"1000"' : '"5.00"'} for ${currency}.`);
    else if (currency) {
      partialMinor = toMinor(partial, currency);
      if (partialMinor === 0) problems.push('The amount must be greater than zero.');
      const limit = (o: OrderRow) => (action === 'refund' ? refundable(o) : minorOf(o.amount, o.currency));
      const over = eligible.filter((o) => partialMinor! > limit(o));
      if (over.length)
        problems.push(
          `The amount is more than ${over.length === 1 ? 'order ' + over[0]!.order_no : over.length + ' orders'} allow${over.length === 1 ? 's' : ''}.`,
        );
    }
  }
  const reason = options.reason?.trim();
  if (reason && reason.length > MAX_LENGTH.refund_reason)
    problems.push(`The reason must be at most ${MAX_LENGTH.refund_reason} characters.`);
  if (action === 'review' && options.approve === undefined) problems.push('Choose approve or reject.');
  if (eligible.length === 0) problems.push(`None of the selected orders can be ${PAST[action]}.`);

  const totals: Record<string, number> = {};
  const items = eligible.map((o): BulkItem => {
    const moved = partialMinor ?? (action === 'refund' ? refundable(o) : minorOf(o.amount, o.currency));
    totals[o.currency] = (totals[o.currency] ?? 0) + moved;
    const item: BulkItem = { order_no: o.order_no };
    if (partial !== undefined) item.amount = partial;
    if (action === 'refund' && reason) item.reason = reason;
    if (action === 'review') item.approve = options.approve;
    return item;
  });
  return { items, skipped, totals, problems };
}

const PAST: Record<BulkAction, string> = {
  capture: 'captured',
  cancel: 'cancelled',
  review: 'reviewed',
  refund: 'refunded',
};
