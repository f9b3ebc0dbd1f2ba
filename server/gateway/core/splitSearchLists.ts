import { BATCH_LIMIT } from '../../../shared/gateway/errors';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import type { GatewayOperation } from '../types/operation';

/**
 * Each list of a search (`orders`, `trades`; `refund_orders`, `refund_references`, `merchant_refunds`) travels
 * comma-separated and may hold at most this many characters (docs/gateway-evidence.md 4 and 5).
 */
const MAX_LIST_CHARS = 1000;

/**
 * A search split into calls of at most 100 references in all (BATCH_LIMIT.query), no list over MAX_LIST_CHARS,
 * in the given order: each call's lists, joined, ready to send as form fields (an empty list is left out). A
 * reference that is empty or holds a comma is refused before anything is sent: inside a comma-separated list it
 * would silently ask for two others.
 */
export function splitSearchLists<L extends string>(
  operation: Extract<GatewayOperation, 'query' | 'retrievalRefund'>,
  lists: Readonly<Partial<Record<L, readonly string[]>>>,
): Partial<Record<L, string>>[] {
  const refs: { list: L; value: string }[] = [];
  for (const [list, values] of Object.entries(lists) as [L, readonly string[] | undefined][]) {
    for (const value of values ?? []) {
      if (value === '' || value.includes(','))
        throw new GatewayRequestError(
          operation,
          '',
          `${list} must not contain empty values or commas: ${JSON.stringify(value)}`,
          list,
        );
      if (value.length > MAX_LIST_CHARS)
        throw new GatewayRequestError(operation, '', `${list} value over ${MAX_LIST_CHARS} characters`, list);
      refs.push({ list, value });
    }
  }
  const calls: Partial<Record<L, string>>[] = [];
  let call: Partial<Record<L, string>> = {};
  let count = 0;
  for (const { list, value } of refs) {
    const joined = call[list] === undefined ? value : `${call[list]},${value}`;
    if (count === BATCH_LIMIT.query || joined.length > MAX_LIST_CHARS) {
      calls.push(call);
      call = { [list]: value } as Partial<Record<L, string>>;
      count = 1;
      continue;
    }
    call[list] = joined;
    count += 1;
  }
  if (count > 0) calls.push(call);
  return calls;
}
