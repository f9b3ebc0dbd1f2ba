import { sign } from '../../shared/gateway/hashNode';
import type { GatewayProfile } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import { compactUtc } from '../payments/formatTime';
import { newNotifyId } from '../payments/newIds';
import type { Db } from '../store/openStore';
import { type NotifyType, wireNotifyType } from './notifyTypes';
import { type IncomingValues, writeIncoming } from './writeIncoming';

export interface NotificationEvent {
  type: NotifyType;
  url: string;
  transaction_id: string;
  order_no: string;
  currency: string;
  /** decimal string */
  amount: string;
  /** payment_status as written on the wire (the profile's code), or a payout's status */
  payment_status: string;
  /** `<code>:<text>` */
  message: string;
  /** the event's own values beyond the payment's: a refund's amount and reference, a dispute's id, ... */
  values?: IncomingValues;
  /** the sandbox's own fields, which no profile value names: refund_state, capture_amount, card_brand, ... */
  additions?: Record<string, string>;
}

/**
 * Writes a notification to the outbox, in the caller's database transaction: the state change and its notification
 * commit together or not at all, and a restart cannot lose one. The delivery loop sends it. It is written in the
 * profile's dialect (`writeIncoming`: field names, no id or time where the dialect has none) under the type the
 * profile gives the event, and signed by the profile's field list over those names. An event the profile has no
 * type for is never sent (the gateway rehearsed does not send it): undefined then. The outbox keeps its own id
 * for every notification, sent or not, so the sandbox's routes and faults can name it.
 */
export async function enqueueNotification(
  db: Db,
  account: Account,
  event: NotificationEvent,
  now: number,
  profile: GatewayProfile,
): Promise<string | undefined> {
  const type = wireNotifyType(profile, event.type);
  if (type === undefined) return undefined;
  const notifyId = newNotifyId();
  const fields = writeIncoming(
    profile,
    {
      merchantId: account.merchant_id,
      accountId: account.account_id,
      transactionId: event.transaction_id,
      orderNo: event.order_no,
      currency: event.currency,
      amount: event.amount,
      status: event.payment_status,
      message: event.message,
      ...event.values,
      type,
      id: notifyId,
      time: compactUtc(now),
    },
    event.additions,
  );
  fields.encryption_data = sign('notification', fields, account.sign_key, profile);
  await db
    .insertInto('notifications')
    .values({
      notify_id: notifyId,
      account_id: account.account_id,
      transaction_id: event.transaction_id,
      order_no: event.order_no,
      notify_type: type,
      url: event.url,
      fields_json: JSON.stringify(fields),
      created_at: now,
      next_attempt_at: now,
      attempts: 0,
    })
    .execute();
  return notifyId;
}
