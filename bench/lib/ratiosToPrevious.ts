import { median } from './stats';

export interface RatioToPrevious {
  /** `values[i][r] / values[i - 1][r]` for each round r where both were measured */
  rounds: number[];
  /** their median; undefined when no round had both */
  median: number | undefined;
}

/**
 * For each commit after the first, its measure over the previous commit's, round by round, and the median of
 * those ratios. `values[i][r]` is commit i's value in round r (undefined: not measured, e.g. no /proc). Runs of
 * one round follow each other in time, so whatever slows the machine for a while touches both commits of a
 * round alike; a ratio of medians taken over the whole run would mix those periods.
 */
export function ratiosToPrevious(values: readonly (readonly (number | undefined)[])[]): RatioToPrevious[] {
  return values.slice(1).map((current, k) => {
    const previous = values[k]!;
    const rounds: number[] = [];
    current.forEach((v, r) => {
      const p = previous[r];
      if (v !== undefined && p !== undefined && p !== 0) rounds.push(v / p);
    });
    return { rounds, median: rounds.length ? median(rounds) : undefined };
  });
}
