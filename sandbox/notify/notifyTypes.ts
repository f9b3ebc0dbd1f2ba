/** notify_type values (PROTOCOL.md 6). */
export const NOTIFY_TYPE = {
  payment: 'PAYMENT',
  capture: 'CAPTURE RESULT',
  cancel: 'CANCEL RESULT',
  review: 'REVIEW RESULT',
  refund: 'REFUND RESULT',
  disputeReceived: 'DISPUTE RECIEVED',
  disputeResult: 'DISPUTE RESULT',
  payout: 'PAYOUT',
} as const;
export type NotifyType = (typeof NOTIFY_TYPE)[keyof typeof NOTIFY_TYPE];
