/**
 * The refund life cycle after the gateway accepted a refund request: its asynchronous states (received, accepted,
 * succeeded, failed) from notifications and the refund search, retries of a failed refund, the refund of a double
 * payment, and the support role's refund limit. Routes in routes/: the admin API's refund-limit settings.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { applyRefundNotification, isRefundNotification } from './applyRefundNotification';
export { confirmRefund } from './confirmRefund';
export { refundExtraPayment, settlePendingExtraRefunds } from './refundExtraPayment';
export { overRefundLimit, refundLimitFor } from './refundLimit';
export type { RefundLimit } from './refundLimit';
export {
  IN_FLIGHT,
  REFUND_STATUS,
  RESERVING,
  claimPendingRefund,
  insertRefund,
  markRefundAnswered,
  moveRefund,
  refundsOf,
} from './refunds';
export type { RefundRow, RefundStatus } from './refunds';
export { backOffRefunds, refundsDueForCheck } from './refundChecks';
export { retryRefund } from './retryRefund';
export { settlePendingRefunds } from './settlePendingRefunds';
export type { PendingRefunds } from './settlePendingRefunds';
