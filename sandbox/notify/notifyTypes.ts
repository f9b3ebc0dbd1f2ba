import { REFUND_NOTIFY_TYPE } from '../../shared/gateway/refundState';

/** notify_type values (docs/protocol-decisions.md 6). */
export const NOTIFY_TYPE = {
  payment: 'PAYMENT',
  capture: 'CAPTURE RESULT',
  cancel: 'CANCEL RESULT',
  review: 'REVIEW RESULT',
  refundReceived: REFUND_NOTIFY_TYPE.received,
  refundAccepted: REFUND_NOTIFY_TYPE.accepted,
  refund: REFUND_NOTIFY_TYPE.result,
  disputeReceived: 'DISPUTE RECIEVED',
  disputeResult: 'DISPUTE RESULT',
  payout: 'PAYOUT',
} as const;
export type NotifyType = (typeof NOTIFY_TYPE)[keyof typeof NOTIFY_TYPE];
