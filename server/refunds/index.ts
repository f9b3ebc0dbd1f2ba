/**
 * Refunds: the bulk refund request as the operations engine's richest description (refundOrders: partial
 * amounts, references, keys, the refundable total under a lock), then the refund's life cycle after the gateway
 * took it: its asynchronous states (received, accepted, succeeded, failed) from notifications and the refund
 * search, retries of a failed refund, the refund of a double payment, and the support role's refund limit.
 * Routes in routes/: the admin API's settings (the refund limit, the automatic refund of a double payment).
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { applyRefundNotification, isRefundNotification } from './applyRefundNotification';
export { confirmRefund } from './confirmRefund';
export { autoRefundAt, doublePaymentRefundSetting } from './doublePaymentRefund';
export { refundExtraPayment, settlePendingExtraRefunds } from './refundExtraPayment';
export { refundLimitFor } from './refundLimit';
export { refundOrders } from './refundOrders';
export { REFUND_STATUS, refundsOf } from './refunds';
export type { RefundRow, RefundStatus } from './refunds';
export { backOffRefunds, refundsDueForCheck } from './refundChecks';
export { retryRefund } from './retryRefund';
export { settlePendingRefunds } from './settlePendingRefunds';
