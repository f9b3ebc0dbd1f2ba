import type { GatewayOperation } from '../types/operation';
import { GatewayRejectedError } from '../errors/GatewayRejectedError';
import { GatewayTimeoutError } from '../errors/GatewayTimeoutError';
import { GatewayUnavailableError } from '../errors/GatewayUnavailableError';

/**
 * What a failed call means and whether it may be sent again: every rule in one place.
 *
 * `retry`: a call is retried only when sending it twice cannot pay (or refund, or pay out) twice.
 * `outcomeUnknown`: whether a failure after the request may have reached the gateway leaves the caller not
 * knowing what the gateway did.
 */
export const CALL_RULES: Record<GatewayOperation, { retry: boolean; outcomeUnknown: boolean }> = {
  // Creates a payment. A resend after a time-out could create a second attempt for the shopper, so the caller
  // records "unknown" and asks the gateway with a query instead.
  checkout: { retry: false, outcomeUnknown: true },
  authorise: { retry: false, outcomeUnknown: true },
  // A GET of issuer_url is safe to repeat, but it follows a successful authorise: when it fails for good the
  // payment exists at the gateway and the shopper has nowhere to go, which the caller must treat as unknown.
  issuerPage: { retry: true, outcomeUnknown: true },
  // Reads only; repeating a query changes nothing.
  query: { retry: true, outcomeUnknown: false },
  retrievalRefund: { retry: true, outcomeUnknown: false },
  // Batches carry no idempotency key: a capture or cancel resent after a time-out may hit an order already
  // moved and be answered E0009, and a refund resent carries the same refund_reference, which the gateway
  // refuses as a repeat (E0008) rather than refunding twice. Either answer hides whether the first send
  // worked, so none is retried: the caller journals the outcome as unknown and settles it by a query
  // (retrievalTrans, or retrievalRefund by reference).
  capture: { retry: false, outcomeUnknown: true },
  cancel: { retry: false, outcomeUnknown: true },
  review: { retry: false, outcomeUnknown: true },
  refund: { retry: false, outcomeUnknown: true },
  // The gateway dedupes payouts by request_id, and a retry sends the same request_id: it can only ever
  // return the payout already made. If every attempt fails, the payout's fate is still unknown, also when the
  // last retry was refused a connection: the caller (callGateway) keeps the first attempt's "unknown".
  payout: { retry: true, outcomeUnknown: true },
};

export interface RetryOptions {
  /** retries after the first attempt; default 2 */
  maxRetries: number;
  /** first back-off; doubled each retry; default 200 ms */
  baseDelayMs: number;
  /** cap of one back-off, and the longest Retry-After we wait for; default 2000 ms */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 2, baseDelayMs: 200, maxDelayMs: 2000 };

/**
 * The delay before retry number `retry` (1-based) after `error`, or undefined when it must not be retried.
 *
 * - Time-outs, network failures and 5xx are transient by nature: retry.
 * - 429 means the gateway did not process the call: retry, after its Retry-After when it sends one.
 * - Any other rejection (4xx with a code) is the gateway's answer and will not change: no retry.
 * - An unreadable or badly signed answer is not retried: it signals a bug or tampering, not a transient fault.
 */
export function retryDelay(
  error: unknown,
  retry: number,
  options: RetryOptions,
  retryAfter?: string | null,
  random: () => number = Math.random,
): number | undefined {
  if (retry > options.maxRetries) return undefined;
  const rateLimited = error instanceof GatewayRejectedError && error.httpStatus === 429;
  const transient = error instanceof GatewayTimeoutError || error instanceof GatewayUnavailableError || rateLimited;
  if (!transient) return undefined;
  const asked = parseRetryAfter(retryAfter);
  if (asked !== undefined) {
    // waiting longer than our own cap would hold the caller (and a shopper) too long: give up instead
    return asked <= options.maxDelayMs ? asked : undefined;
  }
  // exponential back-off with "equal jitter" (half the ceiling fixed, half random), so that many processes
  // retrying at once spread out while none retries at once
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as delta-seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
