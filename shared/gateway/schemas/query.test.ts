import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  queryRequest,
  queryResponse,
  retrievalRefundRequest,
  retrievalRefundResponse,
  splitList,
  transactionRecord,
} from './query';

const ids = { merchant_id: '701001', account_id: '701001010', encryption_data: 'e'.repeat(64) };

const record = {
  amount: '10.36',
  currency: 'USD',
  order_no: 'ORD-1',
  transaction_id: 'T100001',
  reference_no: 'REF-1',
  website: 'shop.example',
  shopper_email: 'shopper@example.com',
  shopper_phone: '+5511912345678',
  delivery_information: {
    delivery_address: 'Rua A 1',
    delivery_city: 'Sao Paulo',
    delivery_country: 'BR',
    delivery_firstname: 'Ana',
    delivery_lastname: 'Silva',
    delivery_postal_code: '01000-000',
    delivery_state: 'SP',
  },
  antifraud_provider: 'provider',
  fraud_check_result: [
    { check_items: 'ip', status: 'ACCEPT' },
    { check_items: 'email', status: 'REJECT' },
  ],
  is3ds: '1',
  payment_status: '3000',
  query_result: '1',
  subscription_result: {
    contract_name: 'C',
    recurring_deduction_period: 'month',
    recurring_deduction_time: '2025-01-31',
    recurring_id: 'R1',
    recurring_status: '1',
  },
  transaction_date: '20250131235959',
};

function paths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

describe('queryRequest', () => {
  it('accepts orders, trades or both, comma-separated', () => {
    expect(queryRequest.safeParse({ ...ids, orders: 'ORD-1,ORD-2' }).success).toBe(true);
    expect(queryRequest.safeParse({ ...ids, trades: 'T1' }).success).toBe(true);
    expect(queryRequest.safeParse({ ...ids, orders: 'ORD-1', trades: 'T1, T2' }).success).toBe(true);
    expect(splitList('ORD-1, ORD-2 ,ORD-3')).toEqual(['ORD-1', 'ORD-2', 'ORD-3']);
    expect(splitList('')).toEqual([]);
  });

  it('refuses none, empty entries, and more than 100 together', () => {
    expect(paths(queryRequest.safeParse(ids))).toEqual(['orders']);
    expect(paths(queryRequest.safeParse({ ...ids, orders: '', trades: ' ' }))).toEqual(['orders']);
    expect(paths(queryRequest.safeParse({ ...ids, orders: 'A,,B' }))).toEqual(['orders']);
    const names = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(',');
    expect(queryRequest.safeParse({ ...ids, orders: names(60, 'O'), trades: names(40, 'T') }).success).toBe(true);
    expect(paths(queryRequest.safeParse({ ...ids, orders: names(60, 'O'), trades: names(41, 'T') }))).toEqual([
      'orders',
    ]);
    expect(paths(queryRequest.safeParse({ ...ids, orders: 'x'.repeat(51) }))).toEqual(['orders']);
  });

  it('needs the envelope', () => {
    expect(paths(queryRequest.safeParse({ ...ids, account_id: '', orders: 'A' }))).toEqual(['account_id']);
  });
});

describe('transactionRecord and queryResponse', () => {
  it("accepts the spec's illustrative record", () => {
    expect(transactionRecord.safeParse(record).error?.issues).toBeUndefined();
    const response = {
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: 'success',
      orders_list: [record],
    };
    expect(queryResponse.safeParse(response).error?.issues).toBeUndefined();
  });

  it('accepts a not-found record carrying only its key', () => {
    expect(transactionRecord.safeParse({ query_result: '0', order_no: 'ORD-404' }).success).toBe(true);
  });

  it('refuses a found record without its payment fields, and wrong formats by path', () => {
    const { payment_status: _, ...noStatus } = record;
    expect(paths(transactionRecord.safeParse(noStatus))).toEqual(['payment_status']);
    expect(paths(transactionRecord.safeParse({ ...record, payment_status: '3001' }))).toEqual(['payment_status']);
    expect(paths(transactionRecord.safeParse({ ...record, transaction_date: '2025-01-31 23:59:59' }))).toEqual([
      'transaction_date',
    ]);
    expect(paths(transactionRecord.safeParse({ ...record, transaction_date: '20250231120000' }))).toEqual([
      'transaction_date',
    ]);
    expect(paths(transactionRecord.safeParse({ ...record, is3ds: 'true' }))).toEqual(['is3ds']);
    expect(paths(transactionRecord.safeParse({ ...record, amount: '10.3' }))).toEqual(['amount']);
    const sub = { ...record.subscription_result, recurring_deduction_time: '31-01-2025' };
    expect(paths(transactionRecord.safeParse({ ...record, subscription_result: sub }))).toEqual([
      'subscription_result.recurring_deduction_time',
    ]);
    expect(paths(transactionRecord.safeParse({ ...record, fraud_check_result: [{ check_items: 'ip' }] }))).toEqual([
      'fraud_check_result.0.status',
    ]);
  });

  it('refuses more than 100 records', () => {
    const response = {
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: '',
      orders_list: Array.from({ length: 101 }, () => record),
    };
    expect(paths(queryResponse.safeParse(response))).toEqual(['orders_list']);
  });
});

describe('retrievalRefund', () => {
  it('accepts a request naming refunds and its response', () => {
    expect(retrievalRefundRequest.safeParse({ ...ids, refund_references: 'T100001-1,T100001-2' }).success).toBe(true);
    const refund = {
      query_result: '1',
      refund_reference_id: 'T100001-1',
      transaction_id: 'T100001',
      order_no: 'ORD-1',
      currency: 'USD',
      amount: '10.36',
      refund_amount: '5.00',
      refund_status: '1',
      refund_message: '0000:Refund accepted',
      refund_date: '20250131235959',
    };
    const response = {
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: 'success',
      refund_list: [refund],
    };
    expect(retrievalRefundResponse.safeParse(response).error?.issues).toBeUndefined();
  });

  it('refuses a request naming no refund', () => {
    expect(paths(retrievalRefundRequest.safeParse(ids))).toEqual(['refund_references']);
    expect(paths(retrievalRefundRequest.safeParse({ ...ids, refund_references: '' }))).toEqual(['refund_references']);
  });
});
