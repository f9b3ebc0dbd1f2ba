import { sign } from '../../shared/gateway/hashNode';
import type { GatewayProfile } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import { compactUtc } from '../payments/formatTime';
import { newNotifyId } from '../payments/newIds';
import type { Db } from '../store/openStore';
import type { NotifyType } from './notifyTypes';

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
  /** more form fields, e.g. refund_amount and refund_reference_id on refunds */
  extra?: Record<string, string>;
}

/**
 * Writes a notification, signed by the profile's field list, to the outbox, in the caller's database
 * transaction: the state change and its notification commit together or not at all, and a restart cannot lose
 * one. The delivery loop sends it. A type the profile does not list is never sent (the gateway rehearsed does
 * not send it): undefined then.
 */
export async function enqueueNotification(
  db: Db,
  account: Account,
  event: NotificationEvent,
  now: number,
  profile: GatewayProfile,
): Promise<string | undefined> {
  if (!Object.hasOwn(profile.notificationTypes, event.type)) return undefined;
  const notifyId = newNotifyId();
  const fields: Record<string, string> = {
    notify_id: notifyId,
    notify_type: event.type,
    merchant_id: account.merchant_id,
    account_id: account.account_id,
    transaction_id: event.transaction_id,
    order_no: event.order_no,
    currency: event.currency,
    amount: event.amount,
    payment_status: event.payment_status,
    message: event.message,
    ...event.extra,
    notify_time: compactUtc(now),
  };
  fields.encryption_data = sign('notification', fields, account.sign_key, profile);
  await db
    .insertInto('notifications')
    .values({
      notify_id: notifyId,
      account_id: account.account_id,
      transaction_id: event.transaction_id,
      order_no: event.order_no,
      notify_type: event.type,
      url: event.url,
      fields_json: JSON.stringify(fields),
      created_at: now,
      next_attempt_at: now,
      attempts: 0,
    })
    .execute();
  return notifyId;
}
