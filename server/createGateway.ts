import { AsyncLocalStorage } from 'node:async_hooks';
import type { Config } from './config';
import { createGatewayClient, type GatewayCallRecord, type GatewayClient } from './gateway';
import type { Logger } from './log';
import type { Metrics } from './metrics/createMetrics';
import { writeAuditEvent, type AuditEvent } from './store/auditEvents';
import type { Store } from './store/db';

/**
 * The gateway client for the configured account, with every HTTP exchange written to the audit log (the client
 * masks secrets and personal data before it hands a record over) and timed into `metrics` when given.
 */
export function createGateway(config: Config, store: Store, log: Logger, overrides: { fetch?: typeof fetch; metrics?: Metrics } = {}): GatewayClient {
  const { metrics, ...clientOverrides } = overrides;
  return createGatewayClient({
    baseUrl: config.gateway.baseUrl,
    merchantId: config.gateway.merchantId,
    accountId: config.gateway.accountId,
    signKey: config.gateway.signKey,
    verifyKeys: config.gateway.verifyKeys,
    timeoutMs: config.gateway.timeoutMs,
    ...clientOverrides,
    onCall: (record: GatewayCallRecord) => {
      metrics?.gatewayCalls.observe({ operation: record.operation, outcome: record.outcome }, record.durationMs / 1000);
      const event: AuditEvent = {
        kind: 'gateway_call',
        summary: `${record.operation} ${record.outcome}${record.httpStatus ? ` ${record.httpStatus}` : ''}${record.errorCode ? ` ${record.errorCode}` : ''}`,
        order_no: orderNoOf(record.request),
        detail: record,
      };
      const deferred = deferredCalls.getStore();
      if (deferred) deferred.push(event);
      else writeAuditEvent(store.db, event).catch((err: unknown) => log.error({ err, operation: record.operation }, 'audit: could not record a gateway call'));
    },
  });
}

const deferredCalls = new AsyncLocalStorage<AuditEvent[]>();

/**
 * Runs `call` with the audit lines of the gateway calls it makes handed to `into` instead of written at once,
 * for a caller that writes them in the same transaction as the call's outcome: a payment stores its result and
 * the record of its `/v1/checkout` in one commit instead of two. The caller must write `into`, whatever happens.
 */
export function deferGatewayCallAudit<T>(into: AuditEvent[], call: () => Promise<T>): Promise<T> {
  return deferredCalls.run(into, call);
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
