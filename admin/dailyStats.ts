import type { OrderStatus } from '../shared/gateway/status';
import type { StatsDay } from './api/client';

/** Statuses that mean the issuer said yes (including what happened after: capture, refunds). */
const APPROVED: readonly OrderStatus[] = ['authorised', 'paid', 'partially_refunded', 'refunded'];
const DECLINED: readonly OrderStatus[] = ['declined'];

/**
 * Approved / (approved + declined) as a whole percentage with one decimal, or null when nothing was decided.
 * Pending, review, cancelled and unknown orders are left out: they say nothing about the issuer's answer.
 * Computed on integers (per-mille) so the shown figure is exact.
 */
export function approvalRate(days: readonly StatsDay[]): string | null {
  let approved = 0;
  let declined = 0;
  for (const d of days) {
    if (APPROVED.includes(d.status)) approved += d.count;
    else if (DECLINED.includes(d.status)) declined += d.count;
  }
  const decided = approved + declined;
  if (decided === 0) return null;
  const perMille = Math.round((approved * 1000) / decided);
  return `${Math.floor(perMille / 10)}.${perMille % 10}%`;
}

export interface ChartDay {
  date: string;
  /** value per status for the chosen metric */
  values: Partial<Record<OrderStatus, number>>;
}

/** Every date from `from` to `to` (YYYY-MM-DD, UTC), so days without payments show as empty, not missing. */
export function datesBetween(from: string, to: string, max = 366): string[] {
  const out: string[] = [];
  const day = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || Number.isNaN(end.getTime())) return out;
  while (day <= end && out.length < max) {
    out.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

/** Pivots stats rows into one entry per date for one currency (volume) or all currencies (count). */
export function toChartDays(
  days: readonly StatsDay[],
  dates: readonly string[],
  metric: 'count' | 'volume',
  currency?: string,
): ChartDay[] {
  const byDate = new Map(dates.map((d) => [d, { date: d, values: {} } as ChartDay]));
  for (const d of days) {
    if (metric === 'volume' && d.currency !== currency) continue;
    const entry = byDate.get(d.date);
    if (!entry) continue;
    entry.values[d.status] = (entry.values[d.status] ?? 0) + (metric === 'count' ? d.count : d.volume_minor);
  }
  return [...byDate.values()];
}

export interface OverviewTotals {
  /** orders that had a payment attempt: every status but `created` */
  attempted: number;
  /** checkout sessions opened and never paid (`created`; their sessions expire) */
  abandoned: number;
  /** captured minus refunded, per currency, in minor units */
  net: Record<string, number>;
  refunded: Record<string, number>;
}

/**
 * The overview's figures, each what its label says: an order counts once a payment was tried (an abandoned
 * checkout is a figure of its own), and money is what was captured less what went back, with refunds beside it.
 */
export function overviewTotals(days: readonly StatsDay[]): OverviewTotals {
  const totals: OverviewTotals = { attempted: 0, abandoned: 0, net: {}, refunded: {} };
  for (const d of days) {
    if (d.status === 'created') totals.abandoned += d.count;
    else totals.attempted += d.count;
    const captured = d.captured_minor ?? 0;
    const refunded = d.refunded_minor ?? 0;
    if (captured || refunded) totals.net[d.currency] = (totals.net[d.currency] ?? 0) + captured - refunded;
    if (refunded) totals.refunded[d.currency] = (totals.refunded[d.currency] ?? 0) + refunded;
  }
  return totals;
}
