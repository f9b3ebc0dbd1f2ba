import type { Config } from './config';
import { createGatewayClient, type GatewayCallRecord, type GatewayClient } from './gateway';
import type { Logger } from './log';
import type { Metrics } from './metrics/createMetrics';
import { writeAuditEvent, type AuditEvent } from './orders';
import type { Store } from './store';

/**
 * The gateway client for the configured account, with every HTTP exchange written to the audit log (the client
 * masks secrets and personal data before it hands a record over) and timed into `metrics` when given.
 */
export function createGateway(
  config: Config,
  store: Store,
  log: Logger,
  overrides: { fetch?: typeof fetch; now?: () => number; metrics?: Metrics } = {},
): GatewayClient {
  const { metrics, ...clientOverrides } = overrides;
  return createGatewayClient({
    baseUrl: config.gateway.baseUrl,
    merchantId: config.gateway.merchantId,
    accountId: config.gateway.accountId,
    signKey: config.gateway.signKey,
    verifyKeys: config.gateway.verifyKeys,
    timeoutMs: config.gateway.timeoutMs,
    profile: config.gateway.profile,
    // in production no issuer page lives on a private address; the demo's sandbox does, on loopback
    publicIssuerHostsOnly: config.production,
    ...clientOverrides,
    onCall: (record, call) => {
      metrics?.gatewayCalls.observe({ operation: record.operation, outcome: record.outcome }, record.durationMs / 1000);
      // a caller that collects the record writes it itself, in its own transaction (createPayment)
      if (call.collect) return;
      writeAuditEvent(store.db, gatewayCallEvent(record)).catch((err: unknown) =>
        log.error({ err, operation: record.operation }, 'audit: could not record a gateway call'),
      );
    },
  });
}

/** The audit line of one HTTP exchange with the gateway. */
export function gatewayCallEvent(record: GatewayCallRecord): AuditEvent {
  return {
    kind: 'gateway_call',
    summary: `${record.operation} ${record.outcome}${record.httpStatus ? ` ${record.httpStatus}` : ''}${record.errorCode ? ` ${record.errorCode}` : ''}`,
    order_no: orderNoOf(record.request),
    detail: record,
  };
}

/**
 * The one order a gateway call is about, so the call shows in that order's history: a payment's order_no, a
 * query's single `orders` entry, or a batch's single item. A call about several orders is kept without one.
 */
function orderNoOf(request: Record<string, unknown> | undefined): string | null {
  if (!request) return null;
  if (typeof request.order_no === 'string') return request.order_no;
  if (typeof request.orders === 'string' && request.orders && !request.orders.includes(',')) return request.orders;
  for (const list of ['capture_orders', 'cancel_orders', 'review_orders', 'refund_orders']) {
    const items = request[list];
    if (Array.isArray(items) && items.length === 1) {
      const orderNo = (items[0] as { order_no?: unknown } | null)?.order_no;
      if (typeof orderNo === 'string') return orderNo;
    }
  }
  return null;
}
