import { z } from 'zod';
import { BATCH_LIMIT } from '../errors';
import { MAX_LENGTH } from '../fields';
import { PAYMENT_STATUSES, type PaymentStatus } from '../status';
import { checkAmount, compactTimestamp, envelope, flag, isoDate, returnStatus, str } from './wire';

/**
 * `/v1/retrievalTrans` (spec 2.6, PROTOCOL.md 2) and `/v1/retrievalRefund` (PROTOCOL.md 2 and 3). Both are
 * form-urlencoded requests whose selectors are comma-separated lists.
 */

/** "A,B , C" -> ["A","B","C"]; an empty string -> []. Entries are trimmed; an empty entry stays "" and is refused. */
export function splitList(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((v) => v.trim());
}

const commaList = (what: string, max: number) =>
  str.refine(
    (v) => splitList(v).every((e) => e !== '' && e.length <= max),
    `must be ${what} separated by commas, each 1 to ${max} characters`,
  );

export const queryRequest = z
  .object({
    ...envelope,
    /** order_no values */
    orders: commaList('order numbers', MAX_LENGTH.order_no).optional(),
    /** transaction_id values */
    trades: commaList('transaction ids', 64).optional(),
  })
  .superRefine((q, ctx) => {
    const count = splitList(q.orders).length + splitList(q.trades).length;
    if (count === 0)
      ctx.addIssue({ code: 'custom', path: ['orders'], message: 'orders or trades must name at least one order' });
    if (count > BATCH_LIMIT.query) {
      ctx.addIssue({
        code: 'custom',
        path: ['orders'],
        message: `orders and trades together must name at most ${BATCH_LIMIT.query} orders`,
      });
    }
  });

export const deliveryInformation = z.object({
  delivery_address: str.optional(),
  delivery_city: str.optional(),
  delivery_country: str.optional(),
  delivery_firstname: str.optional(),
  delivery_lastname: str.optional(),
  delivery_postal_code: str.optional(),
  delivery_state: str.optional(),
});

/** Known fraud_check_result statuses: the spec shows ACCEPT and REJECT, the sandbox adds REVIEW (DESIGN.md). */
export const FRAUD_CHECK_STATUSES = ['ACCEPT', 'REVIEW', 'REJECT'] as const;

export const fraudCheck = z.object({ check_items: str.optional(), status: str });

export const subscriptionResult = z.object({
  contract_name: str.optional(),
  recurring_deduction_period: str.optional(),
  recurring_deduction_time: isoDate.or(z.literal('')).optional(),
  recurring_id: str.optional(),
  /** `1` active, `0` cancelled */
  recurring_status: flag.optional(),
});

export const paymentStatus = z.enum(PAYMENT_STATUSES as [PaymentStatus, ...PaymentStatus[]], {
  error: `must be one of ${PAYMENT_STATUSES.join(', ')}`,
});

/**
 * One record of `orders_list`. A record that was not found (`query_result` `0`) carries only the key it was
 * asked for, so the payment fields are required only when it was found.
 */
export const transactionRecord = z
  .object({
    query_result: flag,
    amount: str.optional(),
    currency: str.optional(),
    order_no: str.optional(),
    transaction_id: str.optional(),
    reference_no: str.optional(),
    website: str.optional(),
    shopper_email: str.optional(),
    shopper_phone: str.optional(),
    delivery_information: deliveryInformation.optional(),
    antifraud_provider: str.optional(),
    fraud_check_result: z.array(fraudCheck).optional(),
    is3ds: flag.optional(),
    payment_status: paymentStatus.optional(),
    subscription_result: subscriptionResult.optional(),
    transaction_date: compactTimestamp.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.query_result !== '1') return;
    for (const f of ['order_no', 'transaction_id', 'currency', 'amount', 'payment_status'] as const) {
      if (!r[f]) ctx.addIssue({ code: 'custom', path: [f], message: 'is required on a found record' });
    }
    checkAmount(ctx, ['amount'], r.amount, r.currency, false);
  });

export const queryResponse = z.object({
  merchant_id: str,
  account_id: str,
  return_status: returnStatus,
  return_message: str,
  encryption_data: str.optional(),
  orders_list: z.array(transactionRecord).max(BATCH_LIMIT.query, `must have at most ${BATCH_LIMIT.query} records`),
});

/**
 * `/v1/retrievalRefund` [ours: the spec names the operation, PROTOCOL.md 2 its request]: `refund_references`
 * lists refund_reference_id values (`<transaction_id>-<sequence>`) or the merchant's refund_reference values.
 */
export const retrievalRefundRequest = z
  .object({
    ...envelope,
    refund_references: commaList('refund references', 64),
  })
  .superRefine((q, ctx) => {
    const count = splitList(q.refund_references).length;
    if (count === 0)
      ctx.addIssue({ code: 'custom', path: ['refund_references'], message: 'must name at least one refund' });
    if (count > BATCH_LIMIT.query) {
      ctx.addIssue({
        code: 'custom',
        path: ['refund_references'],
        message: `must name at most ${BATCH_LIMIT.query} refunds`,
      });
    }
  });

/** One refund as `/v1/retrievalRefund` reports it; `query_result` `0` when the reference is unknown. */
export const refundRecord = z.object({
  query_result: flag,
  refund_reference_id: str,
  refund_reference: str.optional(),
  transaction_id: str.optional(),
  order_no: str.optional(),
  currency: str.optional(),
  amount: str.optional(),
  refund_amount: str.optional(),
  refund_reason: str.optional(),
  /** `1` accepted, `0` failed */
  refund_status: flag.optional(),
  refund_message: str.optional(),
  refund_date: compactTimestamp.optional(),
});

export const retrievalRefundResponse = z.object({
  merchant_id: str,
  account_id: str,
  return_status: returnStatus,
  return_message: str,
  refund_list: z.array(refundRecord).max(BATCH_LIMIT.query, `must have at most ${BATCH_LIMIT.query} records`),
});

export type QueryRequest = z.infer<typeof queryRequest>;
export type TransactionRecord = z.infer<typeof transactionRecord>;
export type QueryResponse = z.infer<typeof queryResponse>;
export type RetrievalRefundRequest = z.infer<typeof retrievalRefundRequest>;
export type RefundRecord = z.infer<typeof refundRecord>;
export type RetrievalRefundResponse = z.infer<typeof retrievalRefundResponse>;
