import { z } from 'zod';
import { PAYOUT_STATUS, isPaymentStatus, type PayoutStatus } from '../status';
import { checkAmount, codedMessage, compactTimestamp, currency, decimal, required, str } from './wire';

/** The event kinds of PROTOCOL.md 6, as `notify_type` carries them. */
export const NOTIFY_TYPES = [
  'PAYMENT',
  'REVIEW RESULT',
  'REFUND RESULT',
  'CAPTURE RESULT',
  'CANCEL RESULT',
  'PAYOUT',
] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

/**
 * A notification's form fields (PROTOCOL.md 6), all strings as posted form-urlencoded.
 * [ours] A PAYOUT notification carries the payout's request_id in order_no, its payout status
 * (PROCESSING, COMPLETED, FAILED) in payment_status and payment_amount/payment_currency in amount/currency, so
 * that one signed field list (signature.ts `notification`) covers every kind.
 */
export const notification = z
  .object({
    /** unique per event: receivers dedupe by it */
    notify_id: required(),
    notify_type: z.enum(NOTIFY_TYPES, { error: `must be one of ${NOTIFY_TYPES.join(', ')}` }),
    merchant_id: required('merchant_id'),
    account_id: required('account_id'),
    transaction_id: required(),
    order_no: required('order_no'),
    currency,
    amount: decimal,
    payment_status: required(),
    /** `<code>:<text>` */
    message: codedMessage,
    refund_amount: decimal.optional(),
    /** `<transaction_id>-<sequence>` */
    refund_reference_id: str.optional(),
    /** UTC */
    notify_time: compactTimestamp,
    encryption_data: required(),
  })
  .superRefine((n, ctx) => {
    const isPayout = n.notify_type === 'PAYOUT';
    const statusOk = isPayout
      ? PAYOUT_STATUS.includes(n.payment_status as PayoutStatus)
      : isPaymentStatus(n.payment_status);
    if (typeof n.payment_status === 'string' && n.payment_status !== '' && !statusOk) {
      ctx.addIssue({
        code: 'custom',
        path: ['payment_status'],
        message: isPayout
          ? `must be one of ${PAYOUT_STATUS.join(', ')} on a PAYOUT notification`
          : 'must be a payment status code such as "3000"',
      });
    }
    checkAmount(ctx, ['amount'], n.amount, n.currency, true);
    if (n.notify_type === 'REFUND RESULT') {
      if (n.refund_amount === undefined)
        ctx.addIssue({ code: 'custom', path: ['refund_amount'], message: 'is required on a REFUND RESULT' });
      if (!n.refund_reference_id)
        ctx.addIssue({ code: 'custom', path: ['refund_reference_id'], message: 'is required on a REFUND RESULT' });
    }
    checkAmount(ctx, ['refund_amount'], n.refund_amount, n.currency, true);
  });

/**
 * The query of the shopper's GET to return_url (PROTOCOL.md 7). Its signature (signature.ts `returnRedirect`)
 * also covers merchant_id, account_id, currency and amount, which the merchant takes from its own order record.
 */
export const returnRedirect = z.object({
  order_no: required('order_no'),
  transaction_id: required(),
  payment_status: required().refine(isPaymentStatus, 'must be a payment status code such as "3000"'),
  message: str,
  encryption_data: required(),
});

export type Notification = z.infer<typeof notification>;
export type ReturnRedirect = z.infer<typeof returnRedirect>;
