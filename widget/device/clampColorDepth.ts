/** The colour depths EMV 3-D Secure accepts (browser `colorDepth` values outside this list are refused by issuers). */
const EMV_COLOR_DEPTHS = [1, 4, 8, 15, 16, 24, 30, 32, 48] as const;

/** EMV's rule: an unlisted depth is reported as the closest listed value below it; unknown reads as 24. */
export function clampColorDepth(depth: number | undefined): string {
  if (depth === undefined || !Number.isFinite(depth) || depth <= 0) return '24';
  let best: number = EMV_COLOR_DEPTHS[0];
  for (const d of EMV_COLOR_DEPTHS) if (d <= depth) best = d;
  return String(best);
}
