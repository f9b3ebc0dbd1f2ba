import { DEFAULT_PROFILE } from '../../shared/gateway/profile';
import { createCaller } from './core/callGateway';
import { DEFAULT_RETRY } from './core/retryPolicy';
import { fetchTransport, httpTransport } from './core/transport';
import { authorise } from './operations/authorise';
import { cancel } from './operations/cancel';
import { capture } from './operations/capture';
import { checkout } from './operations/checkout';
import type { OperationContext } from './operations/context';
import { payout } from './operations/payout';
import { query } from './operations/query';
import { refund } from './operations/refund';
import { retrievalRefund } from './operations/retrievalRefund';
import { review } from './operations/review';
import { verifyNotification } from './operations/verifyNotification';
import { verifyReturn } from './operations/verifyReturn';
import type { GatewayClient } from './types/client';
import type { GatewayConfig } from './types/config';

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Builds the client for one gateway account. Does no I/O until a method is called; holds no state between
 * calls, so any number of backend processes may each have one.
 *
 * @example
 * ```ts
 * const gateway = createGatewayClient({
 *   baseUrl: 'http://127.0.0.1:4010', merchantId: '701001', accountId: '701001010', signKey: 'sk_sandbox_701001010',
 * });
 * const [record] = await gateway.query({ orders: ['ORD-1'] });
 * ```
 */
export function createGatewayClient(config: GatewayConfig): GatewayClient {
  for (const name of ['baseUrl', 'merchantId', 'accountId', 'signKey'] as const) {
    if (!config[name]) throw new TypeError(`gateway client: ${name} is required`);
  }
  const base = new URL(config.baseUrl).toString().replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = config.now ?? Date.now;
  const rotation = (config.verifyKeys ?? []).map((k) => (typeof k === 'string' ? { key: k, until: null } : k));
  const ctx: OperationContext = {
    merchantId: config.merchantId,
    accountId: config.accountId,
    signKey: config.signKey,
    verifyKeys: () => {
      const t = now();
      return [config.signKey, ...rotation.filter((k) => !k.until || t < k.until.getTime()).map((k) => k.key)];
    },
    profile: config.profile ?? DEFAULT_PROFILE,
    timeoutMs,
    queryTimeoutMs: config.queryTimeoutMs ?? timeoutMs,
    publicIssuerHostsOnly: config.publicIssuerHostsOnly ?? false,
    url: (path) => base + path,
    call: createCaller({
      transport: config.fetch ? fetchTransport(config.fetch) : httpTransport(),
      retry: { ...DEFAULT_RETRY, ...config.retry },
      onCall: config.onCall,
    }),
  };
  return {
    profile: ctx.profile,
    checkout: (order, call) => checkout(ctx, order, call),
    authorise: (order, call) => authorise(ctx, order, call),
    query: (selector) => query(ctx, selector),
    capture: (items) => capture(ctx, items),
    cancel: (items) => cancel(ctx, items),
    review: (items) => review(ctx, items),
    refund: (items) => refund(ctx, items),
    retrievalRefund: (selector) => retrievalRefund(ctx, selector),
    payout: (request) => payout(ctx, request),
    verifyNotification: (form) => verifyNotification(ctx, form),
    verifyReturn: (query, order) => verifyReturn(ctx, query, order),
  };
}
