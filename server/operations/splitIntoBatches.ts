/**
 * Splits `items` into consecutive batches of at most `limit`, in their order. The gateway refuses a whole call
 * over its limit (B0001), so no batch may ever be larger; the last one carries the remainder.
 *
 * @example
 * splitIntoBatches(orders, BATCH_LIMIT.refund) // 120 orders -> batches of 50, 50, 20
 */
export function splitIntoBatches<T>(items: readonly T[], limit: number): T[][] {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`batch limit must be a positive integer, got ${limit}`);
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += limit) batches.push(items.slice(i, i + limit));
  return batches;
}
