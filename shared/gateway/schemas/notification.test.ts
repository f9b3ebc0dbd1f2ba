import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NOTIFY_TYPES, notification, returnRedirect } from './notification';

const payment = {
  notify_id: 'N-1',
  notify_type: 'PAYMENT',
  merchant_id: '701001',
  account_id: '701001010',
  transaction_id: 'T100001',
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '10.36',
  payment_status: '3000',
  message: '0000:Approved',
  notify_time: '20250131235959',
  encryption_data: 'e'.repeat(64),
};

function paths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

describe('notification', () => {
  it('accepts a payment notification and every notify_type of PROTOCOL.md 6', () => {
    expect(notification.safeParse(payment).error?.issues).toBeUndefined();
    expect(NOTIFY_TYPES).toEqual([
      'PAYMENT',
      'REVIEW RESULT',
      'REFUND RESULT',
      'CAPTURE RESULT',
      'CANCEL RESULT',
      'PAYOUT',
    ]);
    for (const t of ['REVIEW RESULT', 'CAPTURE RESULT', 'CANCEL RESULT'])
      expect(notification.safeParse({ ...payment, notify_type: t }).success).toBe(true);
  });

  it('a refund result carries refund_amount and refund_reference_id', () => {
    const refund = {
      ...payment,
      notify_type: 'REFUND RESULT',
      payment_status: '3100',
      message: '0000:Refund accepted',
    };
    expect(paths(notification.safeParse(refund))).toEqual(['refund_amount', 'refund_reference_id']);
    expect(notification.safeParse({ ...refund, refund_amount: '5.00', refund_reference_id: 'T100001-1' }).success).toBe(
      true,
    );
    expect(paths(notification.safeParse({ ...refund, refund_amount: '5', refund_reference_id: 'T100001-1' }))).toEqual([
      'refund_amount',
    ]);
  });

  it('a payout notification carries a payout status, a payment one a payment status code', () => {
    expect(
      notification.safeParse({
        ...payment,
        notify_type: 'PAYOUT',
        order_no: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        payment_status: 'COMPLETED',
      }).success,
    ).toBe(true);
    expect(paths(notification.safeParse({ ...payment, notify_type: 'PAYOUT' }))).toEqual(['payment_status']);
    expect(paths(notification.safeParse({ ...payment, payment_status: 'COMPLETED' }))).toEqual(['payment_status']);
  });

  it('refuses wrong shapes by field', () => {
    expect(paths(notification.safeParse({ ...payment, notify_type: 'payment' }))).toEqual(['notify_type']);
    expect(paths(notification.safeParse({ ...payment, notify_id: '' }))).toEqual(['notify_id']);
    expect(paths(notification.safeParse({ ...payment, notify_time: '2025-01-31T23:59:59Z' }))).toEqual(['notify_time']);
    expect(paths(notification.safeParse({ ...payment, message: 'Approved' }))).toEqual(['message']);
    expect(paths(notification.safeParse({ ...payment, amount: '10.360' }))).toEqual(['amount']);
    const { encryption_data: _, ...unsigned } = payment;
    expect(paths(notification.safeParse(unsigned))).toEqual(['encryption_data']);
  });
});

describe('returnRedirect', () => {
  const query = {
    order_no: 'ORD-1',
    transaction_id: 'T100001',
    payment_status: '3000',
    message: '0000:Approved',
    encryption_data: 'e'.repeat(64),
  };
  it('accepts the query of PROTOCOL.md 7', () => {
    expect(returnRedirect.safeParse(query).error?.issues).toBeUndefined();
  });
  it('refuses an unknown status or a missing signature', () => {
    expect(paths(returnRedirect.safeParse({ ...query, payment_status: 'paid' }))).toEqual(['payment_status']);
    expect(paths(returnRedirect.safeParse({ ...query, encryption_data: '' }))).toEqual(['encryption_data']);
  });
});
