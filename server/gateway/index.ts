/**
 * The merchant backend's client for the payment gateway: one factory, typed operations, typed errors.
 *
 * @example
 * ```ts
 * import { createGatewayClient, GatewayError, GatewayRejectedError } from './gateway';
 * import { toDecimal } from '../shared/gateway/money';
 *
 * const gateway = createGatewayClient({
 *   baseUrl: 'http://127.0.0.1:4010', merchantId: '701001', accountId: '701001010',
 *   signKey: process.env.SIGN_KEY!, onCall: (record) => audit.write(record),
 * });
 * try {
 *   const { form } = await gateway.checkout({
 *     order_no: 'ORD-1', currency: 'USD', amount: toDecimal(2500, 'USD'), website: 'shop.example',
 *     return_url: 'https://shop.example/pay/return/p1', notify_url: 'https://shop.example/hooks/gateway',
 *   });
 * } catch (e) {
 *   if (e instanceof GatewayError && e.outcomeUnknown) markUnknown(); // resolve later with gateway.query()
 *   else if (e instanceof GatewayRejectedError) showError(e.code);
 * }
 * ```
 */
export { createGatewayClient } from './createGatewayClient';
export type { GatewayConfig, GatewayCallRecord } from './types/config';
export type { GatewayClient } from './types/client';
export type { CheckoutForm, CheckoutOrder, AuthoriseOrder } from './types/payment';
export type { TransactionRecord } from './types/query';
export type {
  BatchOrder,
  ReviewItem,
  RefundItem,
  BatchItemResult,
} from './types/batch';
export type { PayoutRequest, PayoutResponse } from './types/payout';
export * from './errors';
export { findPrivateAddress } from './core/findPrivateAddress';
export { httpTransport, NotPublicAddress, TransportTimeout, type Transport } from './core/transport';
export { maskFields, maskSecretField, NOT_SECRET, putField } from './core/maskForLog';
export type { RefundRecord } from './types/query';
