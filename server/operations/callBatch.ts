import {
  GatewayError,
  GatewayRejectedError,
  GatewayRequestError,
  type BatchItemResult,
  type BatchOrder,
  type GatewayClient,
  type RefundItem,
  type ReviewItem,
} from '../gateway';

export type BatchKind = 'capture' | 'cancel' | 'review' | 'refund';

/** What became of one item of a batch call. */
export type ItemOutcome =
  | { kind: 'ok'; item: BatchItemResult }
  | { kind: 'failed'; code: string; message: string }
  /** the gateway may or may not have acted on it */
  | { kind: 'unknown'; message: string };

export type ItemOf<K extends BatchKind> = K extends 'review'
  ? ReviewItem
  : K extends 'refund'
    ? RefundItem
    : BatchOrder;

/**
 * One batch call, answered per item (keyed by transaction_id, which the gateway echoes). A call the gateway
 * refused as a whole fails every item with its code; a call whose outcome is unknown (time-out, 5xx, unreadable
 * answer) leaves every item unknown, as does an item missing from the answer. Anything else thrown is not a
 * gateway answer at all and is left to the caller: it must keep the journal as it is, like a crash would.
 */
export async function callBatch<K extends BatchKind>(
  gateway: GatewayClient,
  kind: K,
  items: readonly ItemOf<K>[],
): Promise<Map<string, ItemOutcome>> {
  const outcomes = new Map<string, ItemOutcome>();
  const every = (outcome: ItemOutcome) => {
    for (const item of items) outcomes.set(item.transaction_id, outcome);
    return outcomes;
  };
  let answer: Awaited<ReturnType<GatewayClient['capture']>>;
  try {
    answer = await (gateway[kind] as (items: readonly ItemOf<K>[]) => ReturnType<GatewayClient['capture']>)(items);
  } catch (e) {
    if (!(e instanceof GatewayError)) throw e;
    if (e.outcomeUnknown)
      return every({
        kind: 'unknown',
        // in words: the error's class name means nothing to the owner, the HTTP status may to support
        message: `the gateway did not answer clearly (${'httpStatus' in e && typeof e.httpStatus === 'number' ? `HTTP ${e.httpStatus}` : 'no answer in time'}); it may have acted: it is checked by the next request, sync or reconcile`,
      });
    if (e instanceof GatewayRejectedError)
      return every({ kind: 'failed', code: e.code || 'gateway_error', message: e.gatewayMessage || e.message });
    if (e instanceof GatewayRequestError)
      return every({ kind: 'failed', code: e.code || 'invalid_request', message: e.message });
    return every({
      kind: 'failed',
      code: 'gateway_unavailable',
      message: 'the gateway could not be reached; nothing was sent',
    });
  }
  for (const item of answer.items) {
    outcomes.set(
      item.transaction_id,
      item.ok
        ? { kind: 'ok', item }
        : { kind: 'failed', code: item.errorCode || 'gateway_error', message: item.errorText ?? 'failed' },
    );
  }
  for (const item of items) {
    if (!outcomes.has(item.transaction_id))
      outcomes.set(item.transaction_id, {
        kind: 'unknown',
        message: 'the gateway answered without this order; the outcome is checked on the next request or sync',
      });
  }
  return outcomes;
}
