import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../log';
import type { Store } from '../store';
import { readStoreGauges, type StoreGauges } from '../store';

/** The backend's Prometheus instruments, on a registry of their own (tests run several apps in one process). */
export interface Metrics {
  registry: Registry;
  /** by route pattern (never the raw path: ids in paths would make a series per order) */
  httpRequests: Histogram<'method' | 'route' | 'status'>;
  /** one observation per HTTP attempt to the gateway; outcome ok | rejected | timeout | unavailable | protocol */
  gatewayCalls: Histogram<'operation' | 'outcome'>;
  /** every POST to the notification receiver */
  notificationsReceived: Counter;
  /** rejected (signature, format), or what applying it did: applied, duplicate, same_status, backwards, ... */
  notifications: Counter<'outcome'>;
  /** notifications and return redirects whose signature does not verify, by source: notification | return */
  gatewayBadSignatures: Counter<'source'>;
  /** reconcile passes: ran, skipped (another process held the lock) or failed */
  reconcileRuns: Counter<'result'>;
  /** what the passes did to open payments: checked, applied, closed, errors */
  reconcileAttempts: Counter<'result'>;
}

/** Seconds; the gateway's own time-out is 15 s by default. */
const GATEWAY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

/**
 * Creates the instruments and the gauges read from the store at scrape time (orders by status, outbox and
 * reconcile backlog). Those describe the shared database, so every process reports the same values: aggregate
 * them with max(), not sum(). A store that cannot be read is reported as `merchant_store_up 0` rather than
 * failing the scrape, so the process's own metrics are still there when the database is not.
 */
export function createMetrics(store: Store, log: Logger): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const snapshot = oncePerScrape(async (): Promise<StoreGauges | undefined> => {
    try {
      return await readStoreGauges(store.db, new Date());
    } catch (err) {
      log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        'metrics: could not read the store',
      );
      return undefined;
    }
  });

  new Gauge({
    name: 'merchant_store_up',
    help: '1 when the store answered the last scrape, 0 when it did not',
    registers,
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'merchant_orders',
    help: 'Orders by status (the whole store)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const [status, count] of Object.entries(s?.ordersByStatus ?? {})) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'merchant_outbox_pending',
    help: 'Gateway operations journalled but not settled yet: refund, order_operation (capture, cancel, review), payout',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      if (s) for (const [kind, count] of Object.entries(s.outbox)) this.set({ kind }, count);
    },
  });
  new Gauge({
    name: 'merchant_reconcile_backlog',
    help: 'Payments whose outcome is still open: due (the next reconcile pass asks) or scheduled (a later pass will)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      if (s) for (const [state, count] of Object.entries(s.reconcileBacklog)) this.set({ state }, count);
    },
  });

  new Gauge({
    name: 'merchant_payment_alerts',
    help: 'Payments the owner must look at, by kind (double_payment: an order paid twice; paid_after_expiry) and state (open, or refunded once the extra payment was refunded)',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const a of s?.paymentAlerts ?? []) this.set({ kind: a.kind, state: a.state }, a.count);
    },
  });

  return {
    registry,
    httpRequests: new Histogram({
      name: 'merchant_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    gatewayCalls: new Histogram({
      name: 'merchant_gateway_call_duration_seconds',
      help: 'HTTP calls to the gateway by operation and outcome (each retry counts)',
      labelNames: ['operation', 'outcome'] as const,
      buckets: GATEWAY_BUCKETS,
      registers,
    }),
    notificationsReceived: new Counter({
      name: 'merchant_notifications_received_total',
      help: 'Notifications posted to the receiver',
      registers,
    }),
    notifications: new Counter({
      name: 'merchant_notifications_total',
      help: 'Notifications by outcome: rejected (not verified) or what applying them did (applied, duplicate, ...)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    gatewayBadSignatures: new Counter({
      name: 'merchant_gateway_bad_signature_total',
      help: 'Notifications and return redirects whose signature does not verify (each queries its order instead)',
      labelNames: ['source'] as const,
      registers,
    }),
    reconcileRuns: new Counter({
      name: 'merchant_reconcile_runs_total',
      help: 'Reconcile passes: ran, skipped (another process had the lock), failed',
      labelNames: ['result'] as const,
      registers,
    }),
    reconcileAttempts: new Counter({
      name: 'merchant_reconcile_attempts_total',
      help: 'Open payments looked at by reconcile passes: checked, applied, closed, errors',
      labelNames: ['result'] as const,
      registers,
    }),
  };
}

/**
 * The registry collects every metric at once; the store gauges share one read per scrape instead of querying
 * the store once each.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
