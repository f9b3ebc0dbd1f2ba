import { describe, expect, it } from 'vitest';
import { checkDeliveries } from './checkDeliveries';

const written = [
  { id: 'e1', orderNo: 'o1', seq: 1 },
  { id: 'e2', orderNo: 'o2', seq: 2 },
  { id: 'e3', orderNo: 'o1', seq: 3 },
  { id: 'e4', orderNo: 'o2', seq: 4 },
];

describe('checkDeliveries', () => {
  it('counts each written event delivered once, in its order, and who sent what', () => {
    const r = checkDeliveries(written, [
      { id: 'e2', from: 'B' },
      { id: 'e1', from: 'A' },
      { id: 'e3', from: 'A' },
      { id: 'e4' },
    ]);
    expect(r).toEqual({
      written: 4,
      delivered: 4,
      duplicates: 0,
      lost: 0,
      unexpected: 0,
      orders: 2,
      ordersOutOfOrder: 0,
      byProcess: { A: 2, B: 1, unknown: 1 },
    });
  });
  it('finds a duplicate, a lost event, a stranger, and an order whose later event came first', () => {
    const r = checkDeliveries(written, [{ id: 'e3' }, { id: 'e1' }, { id: 'e3' }, { id: 'zz' }, { id: 'e2' }]);
    expect(r).toMatchObject({ delivered: 3, duplicates: 1, lost: 1, unexpected: 1, ordersOutOfOrder: 1 });
  });
  it('does not call an order out of order because one of its events was lost', () => {
    expect(checkDeliveries(written, [{ id: 'e3' }, { id: 'e2' }, { id: 'e4' }]).ordersOutOfOrder).toBe(0);
  });
});
