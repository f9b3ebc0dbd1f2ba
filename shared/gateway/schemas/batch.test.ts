import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BATCH_KINDS,
  BATCH_LIST_FIELD,
  batchRequest,
  batchRequestEnvelope,
  batchResponse,
  batchResponseEnvelope,
} from './batch';

const ids = { merchant_id: '701001', account_id: '701001010' };
const ref = { transaction_id: 'T100001', order_no: 'ORD-1', currency: 'USD', amount: '10.36' };
const requestItem = {
  capture: ref,
  cancel: ref,
  review: { ...ref, review_flag: '1' },
  refund: { ...ref, refund_amount: '5.00', refund_reason: 'customer request' },
};
const responseItem = {
  capture: { ...ref, capture_status: '1', error_message: '' },
  cancel: { ...ref, cancel_status: '0', error_message: 'E0009:Wrong operation for the order status' },
  review: { ...ref, review_flag: '1', review_status: '1', error_message: '' },
  refund: {
    ...ref,
    refund_amount: '5.00',
    refund_reason: 'customer request',
    refund_reference: 'R-1',
    refund_reference_id: 'T100001-1',
    refund_status: '1',
    refund_message: '0000:Refund accepted',
  },
};

function paths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

describe('batch items', () => {
  it.each(BATCH_KINDS)("%s: request and response items accept the spec's illustrative values", (kind) => {
    expect(batchRequest[kind].safeParse(requestItem[kind]).error?.issues).toBeUndefined();
    expect(batchResponse[kind].safeParse(responseItem[kind]).error?.issues).toBeUndefined();
  });

  it.each(BATCH_KINDS)('%s: a request item needs transaction_id, order_no and an exact amount', (kind) => {
    expect(paths(batchRequest[kind].safeParse({ ...requestItem[kind], transaction_id: '' }))).toEqual([
      'transaction_id',
    ]);
    expect(paths(batchRequest[kind].safeParse({ ...requestItem[kind], order_no: undefined }))).toEqual(['order_no']);
    expect(paths(batchRequest[kind].safeParse({ ...requestItem[kind], amount: '10.3' }))).toEqual(['amount']);
  });

  it('review_flag is 1 (approve) or 0 (reject) only', () => {
    expect(batchRequest.review.safeParse({ ...requestItem.review, review_flag: '0' }).success).toBe(true);
    expect(paths(batchRequest.review.safeParse({ ...requestItem.review, review_flag: 'yes' }))).toEqual([
      'review_flag',
    ]);
    expect(paths(batchRequest.review.safeParse(ref))).toEqual(['review_flag']);
  });

  it('refund needs a positive refund_amount exact in the currency and a reason of at most 50 characters', () => {
    expect(paths(batchRequest.refund.safeParse({ ...requestItem.refund, refund_amount: '0.00' }))).toEqual([
      'refund_amount',
    ]);
    expect(paths(batchRequest.refund.safeParse({ ...requestItem.refund, refund_amount: '5' }))).toEqual([
      'refund_amount',
    ]);
    expect(paths(batchRequest.refund.safeParse({ ...requestItem.refund, refund_reason: 'r'.repeat(51) }))).toEqual([
      'refund_reason',
    ]);
    // more than the order amount is the gateway's per-item B0002, not a malformed request
    expect(batchRequest.refund.safeParse({ ...requestItem.refund, refund_amount: '99.00' }).success).toBe(true);
  });

  it('response items: status 1/0 and error_message empty or <code>:<text>', () => {
    expect(paths(batchResponse.capture.safeParse({ ...responseItem.capture, capture_status: 'OK' }))).toEqual([
      'capture_status',
    ]);
    expect(paths(batchResponse.cancel.safeParse({ ...responseItem.cancel, error_message: 'failed' }))).toEqual([
      'error_message',
    ]);
    expect(
      paths(batchResponse.refund.safeParse({ ...responseItem.refund, refund_message: 'Refund accepted' })),
    ).toEqual(['refund_message']);
  });
});

describe('batch envelopes', () => {
  it.each(BATCH_KINDS)('%s: accepts an envelope with its list field', (kind) => {
    const field = BATCH_LIST_FIELD[kind];
    expect(
      batchRequestEnvelope[kind].safeParse({ ...ids, encryption_data: 'e'.repeat(64), [field]: [requestItem[kind]] })
        .error?.issues,
    ).toBeUndefined();
    const response = {
      ...ids,
      return_status: '1',
      return_message: 'success',
      encryption_data: 'e'.repeat(64),
      [field]: [responseItem[kind]],
    };
    expect(batchResponseEnvelope[kind].safeParse(response).error?.issues).toBeUndefined();
  });

  it.each([
    ['capture', 50],
    ['cancel', 50],
    ['refund', 50],
    ['review', 100],
  ] as const)('%s: accepts %i orders, refuses one more or none', (kind, limit) => {
    const field = BATCH_LIST_FIELD[kind];
    const body = (n: number) => ({
      ...ids,
      encryption_data: 'e',
      [field]: Array.from({ length: n }, () => requestItem[kind]),
    });
    expect(batchRequestEnvelope[kind].safeParse(body(limit)).success).toBe(true);
    expect(paths(batchRequestEnvelope[kind].safeParse(body(limit + 1)))).toEqual([field]);
    expect(paths(batchRequestEnvelope[kind].safeParse(body(0)))).toEqual([field]);
  });

  it('reports a bad item at its index in the list', () => {
    const body = {
      ...ids,
      encryption_data: 'e',
      refund_orders: [requestItem.refund, { ...requestItem.refund, currency: 'JPY' }],
    };
    expect(paths(batchRequestEnvelope.refund.safeParse(body))).toEqual([
      'refund_orders.1.amount',
      'refund_orders.1.refund_amount',
    ]);
  });

  it('needs the envelope fields and a known return_status', () => {
    expect(
      paths(
        batchRequestEnvelope.capture.safeParse({
          account_id: '701001010',
          encryption_data: 'e',
          capture_orders: [ref],
        }),
      ),
    ).toEqual(['merchant_id']);
    expect(
      paths(batchRequestEnvelope.capture.safeParse({ ...ids, encryption_data: '', capture_orders: [ref] })),
    ).toEqual(['encryption_data']);
    const response = { ...ids, return_status: '3', return_message: '', encryption_data: 'e', capture_orders: [] };
    expect(paths(batchResponseEnvelope.capture.safeParse(response))).toEqual(['return_status']);
  });
});
