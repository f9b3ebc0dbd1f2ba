/** Small statistics for benchmark runs: medians of repeated runs and ratios taken pair by pair. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100) of `values`: one of the measured values, never an interpolation. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/**
 * `numerator[i] / denominator[i]` for each pair. Runs of a pair follow each other in time, so whatever slows the
 * machine for a while (another process, a full disk cache) touches both sides of a pair alike; a ratio of two
 * medians taken over the whole run would mix those periods.
 */
export function pairRatios(numerator: readonly number[], denominator: readonly number[]): number[] {
  if (numerator.length !== denominator.length)
    throw new RangeError(`pairs of unequal length: ${numerator.length} and ${denominator.length}`);
  return numerator.map((n, i) => n / denominator[i]!);
}
