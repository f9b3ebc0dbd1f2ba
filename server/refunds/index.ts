/** PLACEHOLDER refunds */
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
  ordersWithRefundsInFlight,
  refundsOf,
} from './refunds';
export type { RefundRow, RefundStatus } from './refunds';
export { retryRefund } from './retryRefund';
export { settlePendingRefunds } from './settlePendingRefunds';
export type { PendingRefunds } from './settlePendingRefunds';
