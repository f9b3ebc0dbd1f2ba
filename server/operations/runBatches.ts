/** How many gateway calls one bulk request keeps in flight: enough to overlap latency, few enough to be polite. */
export const BATCH_CONCURRENCY = 4;

/**
 * Runs `run` over every batch with at most `concurrency` at a time, and answers one settled result per batch,
 * in the batches' order. A batch that fails does not stop the others: each order still gets its own result.
 */
export async function runBatches<T, R>(
  batches: readonly T[],
  run: (batch: T, index: number) => Promise<R>,
  concurrency = BATCH_CONCURRENCY,
): Promise<PromiseSettledResult<R>[]> {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  const results: PromiseSettledResult<R>[] = new Array(batches.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < batches.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await run(batches[index]!, index) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  return results;
}
