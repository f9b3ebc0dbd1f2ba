import { expect, test } from 'vitest';
import type { OrderRow } from './api/client';
import { eligibleStatuses, planBulk, refundable } from './planBulk';
import { order } from './testing/stubFetch';

const row = (n: number, over: Partial<OrderRow> = {}) => order(n, over) as OrderRow;

test('eligibility follows the shared transition table', () => {
  expect(eligibleStatuses('capture')).toEqual(['authorised']);
  expect(eligibleStatuses('review')).toEqual(['review']);
  expect(eligibleStatuses('refund').sort()).toEqual(['paid', 'partially_refunded']);
  expect(eligibleStatuses('cancel')).toContain('authorised');
});

test('a full refund totals what is left per currency, in minor units', () => {
  const plan = planBulk('refund', [
    row(1, { amount: '10.00', captured: '10.00', refunded: '2.50', status: 'partially_refunded' }),
    row(2, { amount: '1000', currency: 'JPY', captured: '1000' }),
    row(3, { amount: '0.10', captured: '0.10' }),
  ]);
  expect(plan.totals).toEqual({ USD: 760, JPY: 1000 });
  expect(plan.items).toEqual([{ order_no: 'ORD-0001' }, { order_no: 'ORD-0002' }, { order_no: 'ORD-0003' }]);
  expect(plan.problems).toEqual([]);
});

test('refundable never goes below zero and uses the captured amount', () => {
  expect(refundable(row(1, { amount: '10.00', captured: '6.00', refunded: '6.00' }))).toBe(0);
  expect(refundable(row(1, { amount: '10.00', captured: '6.00', refunded: null }))).toBe(600);
});

test('a lost dispute is not refundable', () => {
  expect(refundable(row(1, { amount: '10.00', captured: '10.00', refunded: '2.00', lost_in_disputes: '5.00' }))).toBe(
    300,
  );
});

test('a partial amount needs one currency and must fit every order', () => {
  const mixed = planBulk('refund', [row(1), row(2, { currency: 'EUR' })], { amount: '1.00' });
  expect(mixed.problems).toContain('A partial amount needs every selected order in one currency.');
  const zero = planBulk('capture', [row(1, { status: 'authorised', captured: null })], { amount: '0.00' });
  expect(zero.problems).toContain('The amount must be greater than zero.');
  const ok = planBulk('capture', [row(1, { status: 'authorised', captured: null })], { amount: '4.00' });
  expect(ok).toMatchObject({ items: [{ order_no: 'ORD-0001', amount: '4.00' }], totals: { USD: 400 }, problems: [] });
});

test('review needs a decision and carries it on every item; ineligible orders are skipped, not sent', () => {
  expect(planBulk('review', [row(1, { status: 'review' })]).problems).toContain('Choose approve or reject.');
  const plan = planBulk('review', [row(1, { status: 'review' }), row(2)], { approve: false });
  expect(plan.items).toEqual([{ order_no: 'ORD-0001', approve: false }]);
  expect(plan.skipped).toEqual([
    {
      order_no: 'ORD-0002',
      ok: false,
      error: { code: 'skipped', message: 'Not sent: an order in status paid cannot be reviewed.' },
    },
  ]);
});

test('a reason over the gateway limit is refused', () => {
  expect(planBulk('refund', [row(1)], { reason: 'x'.repeat(51) }).problems).toContain(
    'The reason must be at most 50 characters.',
  );
});
