/** An event as the outbox holds it (shop_events). */
export interface WrittenEvent {
  id: string;
  /** the order it reports; null for a payout's or a test event */
  orderNo: string | null;
  /** the outbox's sequence: an order's events must reach the shop in this order */
  seq: number;
}

/** One delivery as the receiver saw it, in the order of arrival. */
export interface ArrivedEvent {
  id: string;
  /** the process that sent it, when the receiver could tell */
  from?: string | undefined;
}

export interface DeliveryCheck {
  written: number;
  /** written events that arrived at least once */
  delivered: number;
  /** arrivals beyond the first of an event */
  duplicates: number;
  /** written events that never arrived */
  lost: number;
  /** arrivals of ids the outbox does not hold (another run's, or a bug) */
  unexpected: number;
  orders: number;
  /** orders whose events' first arrivals are not in the order of their seq */
  ordersOutOfOrder: number;
  /** arrivals per sending process (`unknown` when the receiver could not tell) */
  byProcess: Record<string, number>;
}

/** Compares what the outbox wrote with what the shop's receiver got: once each, nothing lost, each order in order. */
export function checkDeliveries(written: readonly WrittenEvent[], arrived: readonly ArrivedEvent[]): DeliveryCheck {
  const firstArrival = new Map<string, number>();
  const byProcess: Record<string, number> = {};
  const known = new Set(written.map((w) => w.id));
  let duplicates = 0;
  let unexpected = 0;
  arrived.forEach((a, i) => {
    byProcess[a.from ?? 'unknown'] = (byProcess[a.from ?? 'unknown'] ?? 0) + 1;
    if (!known.has(a.id)) unexpected += 1;
    else if (firstArrival.has(a.id)) duplicates += 1;
    else firstArrival.set(a.id, i);
  });
  const byOrder = new Map<string, WrittenEvent[]>();
  for (const w of written) if (w.orderNo !== null) byOrder.set(w.orderNo, [...(byOrder.get(w.orderNo) ?? []), w]);
  let ordersOutOfOrder = 0;
  for (const events of byOrder.values()) {
    const arrivals = [...events].sort((a, b) => a.seq - b.seq).map((e) => firstArrival.get(e.id));
    // a lost event counts as lost, not as out of order
    const seen = arrivals.filter((x): x is number => x !== undefined);
    if (seen.some((x, i) => i > 0 && x < seen[i - 1]!)) ordersOutOfOrder += 1;
  }
  const delivered = firstArrival.size;
  return {
    written: written.length,
    delivered,
    duplicates,
    lost: written.length - delivered,
    unexpected,
    orders: byOrder.size,
    ordersOutOfOrder,
    byProcess,
  };
}
