/**
 * Payment status codes and the one transition table (docs/protocol-decisions.md 4); nothing else decides whether an
 * order may move. The sandbox applies events with `canApply`; the backend, which learns only the status a
 * payment reached (possibly several moves on), refuses a backwards one with `isForward`, which follows the same
 * table. Both refuse an owner's action the table does not allow (`canApply`).
 */
export const PAYMENT_STATUS = {
  PENDING: '1000',
  AUTHORISED: '2000',
  PAID: '3000',
  PARTIALLY_REFUNDED: '3100',
  REFUNDED: '4100',
  DECLINED: '4000',
  CANCELLED: '5000',
  REVIEW: '6000',
} as const;

export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export const PAYMENT_STATUSES = Object.values(PAYMENT_STATUS) as PaymentStatus[];

export function isPaymentStatus(code: string): code is PaymentStatus {
  return (PAYMENT_STATUSES as string[]).includes(code);
}

/** The backend's status names: one per gateway code, plus `created` (no payment yet) and `unknown` (outcome not known). */
export const STATUS_NAME = {
  '1000': 'pending',
  '2000': 'authorised',
  '3000': 'paid',
  '3100': 'partially_refunded',
  '4100': 'refunded',
  '4000': 'declined',
  '5000': 'cancelled',
  '6000': 'review',
} as const satisfies Record<PaymentStatus, string>;

export type OrderStatus = (typeof STATUS_NAME)[PaymentStatus] | 'created' | 'unknown';
export const ORDER_STATUSES: readonly OrderStatus[] = ['created', 'unknown', ...Object.values(STATUS_NAME)];

export const CODE_OF_NAME = Object.fromEntries(
  Object.entries(STATUS_NAME).map(([code, name]) => [name, code]),
) as Record<(typeof STATUS_NAME)[PaymentStatus], PaymentStatus>;

/** The events that move a payment. Each row of TRANSITIONS names the event that takes it. */
export type PaymentEvent =
  | 'authorise' // card approved, manual capture
  | 'pay' // card approved with auto capture, APM approved
  | 'decline'
  | 'cancel' // the merchant's /v1/cancel of an authorised order
  | 'shopper_cancel' // the shopper gives up on the hosted or issuer page while pending
  | 'hold' // fraud screening asks the merchant
  | 'capture'
  | 'review_approve'
  | 'review_reject'
  | 'refund_partial'
  | 'refund_full';

/** [from, event, to]: every allowed move, and nothing else. */
export const TRANSITIONS: readonly (readonly [PaymentStatus, PaymentEvent, PaymentStatus])[] = [
  ['1000', 'authorise', '2000'],
  ['1000', 'pay', '3000'],
  ['1000', 'decline', '4000'],
  ['1000', 'shopper_cancel', '5000'],
  ['1000', 'hold', '6000'],
  ['6000', 'review_approve', '2000'], // manual-capture account: approved, still to capture
  ['6000', 'review_approve', '3000'], // auto-capture account or APM
  ['6000', 'review_reject', '5000'],
  ['2000', 'capture', '3000'],
  ['2000', 'cancel', '5000'],
  ['3000', 'refund_partial', '3100'],
  ['3000', 'refund_full', '4100'],
  ['3100', 'refund_partial', '3100'],
  ['3100', 'refund_full', '4100'],
];

/** Is moving from `from` to `to` allowed at all (by some event)? */
export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return TRANSITIONS.some(([f, , t]) => f === from && t === to);
}

/** Is `event` allowed in status `from`? (E0009 otherwise.) */
export function canApply(from: PaymentStatus, event: PaymentEvent): boolean {
  return TRANSITIONS.some(([f, e]) => f === from && e === event);
}

/** The statuses from which `event` is allowed, e.g. refund_full -> ['3000', '3100']. */
export function statusesAllowing(event: PaymentEvent): PaymentStatus[] {
  return [...new Set(TRANSITIONS.filter(([, e]) => e === event).map(([f]) => f))];
}

/** Final: nothing can move the order any more (declined, cancelled, refunded). */
export function isFinal(status: PaymentStatus): boolean {
  return !TRANSITIONS.some(([f]) => f === status);
}

/**
 * How far along the state machine a status is, so that a receiver can refuse to move an order backwards when a
 * late notification arrives after a newer one (docs/protocol-decisions.md 6). Moves are only ever forward in this
 * order.
 */
export function isForward(from: PaymentStatus, to: PaymentStatus): boolean {
  return from === to ? to === '3100' : reachable(from).has(to);
}

function reachable(from: PaymentStatus): Set<PaymentStatus> {
  const seen = new Set<PaymentStatus>();
  const stack = [from];
  while (stack.length) {
    const s = stack.pop()!;
    for (const [f, , t] of TRANSITIONS) {
      if (f === s && !seen.has(t)) {
        seen.add(t);
        stack.push(t);
      }
    }
  }
  seen.delete(from);
  return seen;
}

/** Overall result of a batch or query call, and item results (docs/protocol-decisions.md 4). */
export const RETURN_STATUS = { ALL_OK: '1', SOME_FAILED: '2', REJECTED: '0' } as const;
export const ITEM_STATUS = { OK: '1', FAILED: '0' } as const;
export const QUERY_RESULT = { FOUND: '1', NOT_FOUND: '0' } as const;
export const PAYOUT_STATUS = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
