/**
 * The order and its payment attempts as the gateway reports them: the state machine's moves (applyGatewayStatus,
 * settleAttempt, applyQueryRecord, confirmPayment), payment alerts, the audit trail, and the owner's views, lists
 * and stats. Routes in routes/: the admin API's orders, events and stats, and the shop server's order reads.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { applyGatewayStatus } from './applyGatewayStatus';
export type { ApplyOutcome } from './applyGatewayStatus';
export { applyQueryRecord } from './applyQueryRecord';
export type { QueryOutcome } from './applyQueryRecord';
export { queryAttempts } from './queryAttempts';
export { markOnce } from './attemptMarks';
export { recordSentOrder, sentOrdersOf } from './attemptOrders';
export {
  AttemptTakenError,
  OPEN_STATUSES,
  attemptStatusesOf,
  attemptsById,
  attemptsDueForCheck,
  closeAttemptWithoutStatus,
  findAttempt,
  findAttemptByGatewayOrderNo,
  findAttemptByIdempotencyKey,
  insertAttemptThen,
  markAbandoned,
  renewFrameToken,
  scheduleNextCheck,
  sessionOfFrameToken,
  takeFrameForm,
  updateAttempt,
} from './attempts';
export type { AttemptRow } from './attempts';
export { writeAuditEvent } from './auditEvents';
export { auditSignIn } from './auditSignIn';
export type { AuditEvent } from './auditEvents';
export { confirmAtMostEvery } from './confirmAtMostEvery';
export { confirmPayment } from './confirmPayment';
export { CARD_CHARGED } from './keepRecordExtras';
export { findOrdersByKeys, listOrders } from './listOrders';
export { loadOrderView } from './loadOrderView';
export { logAlerts } from './logAlerts';
export { matchesOrder } from './matchesOrder';
export {
  findOrder,
  findOrderByNo,
  makeAttemptCurrent,
  markRefundedInFull,
  mirrorAttempt,
  ordersById,
  setCapturedAmount,
} from './orders';
export type { OrderRow } from './orders';
export {
  backOffAlertRefund,
  findAlert,
  journalAlertRefund,
  pendingAlertRefunds,
  settleAlertRefund,
  unrefundedDoublePayments,
  alertsOfOrder,
} from './paymentAlerts';
export type { RaisedAlert } from './raisePaymentAlerts';
export { settleAttempt } from './settleAttempt';
export type { AttemptOutcome } from './settleAttempt';
export { toAlertView } from './toAlertView';
export type { AlertView } from './toAlertView';
export { toOrderView } from './toOrderView';
export { unknownStatusNote } from './unknownStatusNote';
