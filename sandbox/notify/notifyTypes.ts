import type { GatewayProfile, NotificationKind } from '../../shared/gateway/profile';
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

/** What each of the sandbox's events is about. */
const KIND: Record<NotifyType, NotificationKind> = {
  PAYMENT: 'payment',
  'CAPTURE RESULT': 'capture',
  'CANCEL RESULT': 'cancel',
  'REVIEW RESULT': 'review',
  'REFUND RECIEVED': 'refund',
  'REFUND ACCEPTED': 'refund',
  'REFUND RESULT': 'refund',
  'DISPUTE RECIEVED': 'dispute',
  'DISPUTE RESULT': 'dispute',
  PAYOUT: 'payout',
};

/**
 * The type an event is sent as in the profile's dialect: its own when the profile lists it; else the first type
 * of another dialect that the profile lists for the same kind (the sample schema's Payment, Review, Refund,
 * Chargeback); else none, and it is not sent (the gateway rehearsed does not send it: the sample schema has no
 * capture, cancel or payout object). Another of this project's own types never stands in for it.
 */
export function wireNotifyType(profile: GatewayProfile, type: NotifyType): string | undefined {
  if (Object.hasOwn(profile.notificationTypes, type)) return type;
  return Object.keys(profile.notificationTypes).find(
    (t) => profile.notificationTypes[t] === KIND[type] && !Object.hasOwn(KIND, t),
  );
}
