import type { BulkResult } from '../../shared/contract/admin';
import { GATEWAY_ERRORS, isGatewayErrorCode } from '../../shared/gateway/errors';
import type { OrderStatus } from '../../shared/gateway/status';

/** Codes of the admin API's own, for outcomes the gateway has no code for. */
export const BULK_ERROR = {
  /** the gateway may have acted; the journal keeps the operation and the next request or sync settles it */
  outcome_unknown: 'outcome_unknown',
  /** nothing was sent: the gateway could not be reached */
  gateway_unavailable: 'gateway_unavailable',
  /** the order had an unfinished refund from an earlier request; that one was completed instead of this one */
  refund_pending: 'refund_pending',
  /** the gateway reports another amount, currency or transaction for the order: not applied */
  mismatch: 'mismatch',
  /** the caller's role may not refund this much (the support refund limit); nothing was sent */
  over_refund_limit: 'over_refund_limit',
} as const;

/** One order's answer: `ok`, or the error with its gateway code (e.g. E0009) or one of BULK_ERROR (the contract's). */
export type OrderResult = BulkResult;

/** The label an order's result carries: its order_no when known, else what the owner sent. */
export interface ResultLabel {
  order_no: string;
  transaction_id?: string;
}

/** A failed result; the message defaults to the gateway's text for a gateway code. */
export function failed(label: ResultLabel, code: string, message?: string): OrderResult {
  return {
    ...label,
    ok: false,
    error: { code, message: message ?? (isGatewayErrorCode(code) ? GATEWAY_ERRORS[code] : code) },
  };
}

export function succeeded(
  label: ResultLabel,
  extra: { status?: OrderStatus | undefined; note?: string | undefined; refund_state?: string | undefined } = {},
): OrderResult {
  return {
    ...label,
    ok: true,
    ...(extra.status ? { status: extra.status } : {}),
    ...(extra.note ? { note: extra.note } : {}),
    ...(extra.refund_state ? { refund_state: extra.refund_state } : {}),
  };
}
