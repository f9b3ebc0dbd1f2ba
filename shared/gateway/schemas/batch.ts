import { z } from 'zod';
import { BATCH_LIMIT } from '../errors';
import {
  checkAmount,
  codedMessage,
  coded,
  currency,
  decimal,
  envelope,
  flag,
  limited,
  required,
  returnStatus,
  str,
} from './wire';

/**
 * Capture, cancel, review and refund (spec 2.5): item schemas and envelopes keyed by operation, so that code
 * handling one operation reads `batchRequest[op]`, `batchResponse[op]`, `BATCH_LIST_FIELD[op]`.
 */
export type BatchKind = 'capture' | 'cancel' | 'review' | 'refund';
export const BATCH_KINDS = ['capture', 'cancel', 'review', 'refund'] as const satisfies readonly BatchKind[];

/** The request and response list field of each operation. */
export const BATCH_LIST_FIELD = {
  capture: 'capture_orders',
  cancel: 'cancel_orders',
  review: 'review_orders',
  refund: 'refund_orders',
} as const satisfies Record<BatchKind, string>;

/** The per-item result field of each operation (`1` succeeded, `0` failed). */
export const BATCH_STATUS_FIELD = {
  capture: 'capture_status',
  cancel: 'cancel_status',
  review: 'review_status',
  refund: 'refund_status',
} as const satisfies Record<BatchKind, string>;

const orderRef = {
  transaction_id: required(),
  order_no: required('order_no'),
  currency,
  amount: decimal,
};

const withAmount = <T extends z.ZodRawShape>(shape: T, amountFields: string[]) =>
  z.object(shape).superRefine((item: Record<string, unknown>, ctx) => {
    for (const f of amountFields) checkAmount(ctx, [f], item[f], item.currency, true);
  });

/** Request items. A refund's refund_amount may be part of the amount; whether it fits is the gateway's B0002. */
export const batchRequest = {
  capture: withAmount(orderRef, ['amount']),
  cancel: withAmount(orderRef, ['amount']),
  review: withAmount({ ...orderRef, review_flag: coded('review_flag') }, ['amount']),
  refund: withAmount(
    {
      ...orderRef,
      refund_amount: decimal,
      refund_reason: limited('refund_reason').optional(),
      /** the merchant's own reference for this refund [ours: the spec lists it in the response and its limit] */
      refund_reference: limited('refund_reference').optional(),
    },
    ['amount', 'refund_amount'],
  ),
};

/** error_message: `<code>:<text>`, empty when the item succeeded (spec 2.5). */
const errorMessage = z.union([z.literal(''), codedMessage], { error: 'must be empty or "<code>:<text>"' });

const itemResult = {
  transaction_id: str,
  order_no: str,
  currency: str,
  amount: str,
};

/** Response items. A failed item echoes what it was sent, which may itself have been wrong, so values are loose. */
export const batchResponse = {
  capture: z.object({ ...itemResult, capture_status: flag, error_message: errorMessage }),
  cancel: z.object({ ...itemResult, cancel_status: flag, error_message: errorMessage }),
  review: z.object({ ...itemResult, review_flag: str, review_status: flag, error_message: errorMessage }),
  refund: z.object({
    ...itemResult,
    refund_amount: str,
    refund_reason: str.optional(),
    refund_reference: str.optional(),
    /** `<transaction_id>-<sequence>`; empty when the refund failed */
    refund_reference_id: str,
    refund_status: flag,
    /** `<code>:<text>`, e.g. `0000:Refund accepted` */
    refund_message: codedMessage,
  }),
};

function list<T extends z.ZodType>(item: T, kind: BatchKind) {
  const max = BATCH_LIMIT[kind];
  return z.array(item, { error: 'must be a list of orders' }).max(max, `must have at most ${max} orders`);
}

const requestList = <T extends z.ZodType>(item: T, kind: BatchKind) =>
  list(item, kind).min(1, 'must have at least one order');

/** Whole request bodies: envelope + the operation's list (1 to BATCH_LIMIT items). */
export const batchRequestEnvelope = {
  capture: z.object({ ...envelope, capture_orders: requestList(batchRequest.capture, 'capture') }),
  cancel: z.object({ ...envelope, cancel_orders: requestList(batchRequest.cancel, 'cancel') }),
  review: z.object({ ...envelope, review_orders: requestList(batchRequest.review, 'review') }),
  refund: z.object({ ...envelope, refund_orders: requestList(batchRequest.refund, 'refund') }),
};

const responseFields = {
  merchant_id: str,
  account_id: str,
  return_status: returnStatus,
  return_message: str,
  encryption_data: str,
};

/** Whole 200 response bodies (a rejected call answers with `errorBody` and a 4xx instead). */
export const batchResponseEnvelope = {
  capture: z.object({ ...responseFields, capture_orders: list(batchResponse.capture, 'capture') }),
  cancel: z.object({ ...responseFields, cancel_orders: list(batchResponse.cancel, 'cancel') }),
  review: z.object({ ...responseFields, review_orders: list(batchResponse.review, 'review') }),
  refund: z.object({ ...responseFields, refund_orders: list(batchResponse.refund, 'refund') }),
};

export type BatchRequestItem<K extends BatchKind> = z.infer<(typeof batchRequest)[K]>;
export type BatchResponseItem<K extends BatchKind> = z.infer<(typeof batchResponse)[K]>;
export type BatchRequestBody<K extends BatchKind> = z.infer<(typeof batchRequestEnvelope)[K]>;
export type BatchResponseBody<K extends BatchKind> = z.infer<(typeof batchResponseEnvelope)[K]>;
