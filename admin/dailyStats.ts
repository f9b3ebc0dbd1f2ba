import type { OrderStatus } from '../shared/gateway/status';
import type { MoneyDay, StatsDay } from './api/client';

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
  /** per currency, in minor units, each booked on the day the money moved (server/orders/orderStats.ts) */
  gross: Record<string, number>;
  refunded: Record<string, number>;
  lost: Record<string, number>;
  /** gross - refunded - lost */
  net: Record<string, number>;
}

/**
 * The overview's figures, each what its label says: an order counts once a payment was tried (an abandoned
 * checkout is a figure of its own), and money per currency is what moved in the range, each amount on the day it
 * moved: captured (gross), refunded, lost in disputes, and what stays (net). A currency with no money moved is
 * left out.
 */
export function overviewTotals(days: readonly StatsDay[], money: readonly MoneyDay[]): OverviewTotals {
  const totals: OverviewTotals = { attempted: 0, abandoned: 0, gross: {}, refunded: {}, lost: {}, net: {} };
  for (const d of days) {
    if (d.status === 'created') totals.abandoned += d.count;
    else totals.attempted += d.count;
  }
  const add = (to: Record<string, number>, currency: string, minor: number) => {
    to[currency] = (to[currency] ?? 0) + minor;
  };
  for (const m of money) {
    add(totals.gross, m.currency, m.gross_minor);
    add(totals.refunded, m.currency, m.refunded_minor);
    add(totals.lost, m.currency, m.lost_minor);
    add(totals.net, m.currency, m.net_minor);
  }
  return totals;
}
