import { expect, it } from 'vitest';
import { GatewayRequestError } from '../errors/GatewayRequestError';
import { splitSearchLists } from './splitSearchLists';

const refs = (n: number, width: number) => Array.from({ length: n }, (_, i) => String(i).padStart(width, '0'));

it('a list is cut before it passes 1000 characters, commas counted (docs/gateway-evidence.md 4, 5)', () => {
  // 30-character references: 32 of them with 31 commas make 991 characters, a 33rd would make 1022
  const calls = splitSearchLists('retrievalRefund', { refund_references: refs(70, 30) });
  expect(calls.map((c) => c.refund_references!.split(',').length)).toEqual([32, 32, 6]);
  expect(Math.max(...calls.map((c) => c.refund_references!.length))).toBe(991);
});

it('at most 100 references a call across the lists, in the given order', () => {
  const calls = splitSearchLists('query', { orders: refs(150, 3), trades: refs(60, 3) });
  expect(calls.map((c) => [c.orders?.split(',').length ?? 0, c.trades?.split(',').length ?? 0])).toEqual([
    [100, 0],
    [50, 50],
    [0, 10],
  ]);
  expect(calls[1]!.orders!.startsWith('100,')).toBe(true);
});

it('nothing to look up is no call; an empty or comma-holding reference is refused naming its list', () => {
  expect(splitSearchLists('query', {})).toEqual([]);
  expect(() => splitSearchLists('query', { trades: ['1,2'] })).toThrow(GatewayRequestError);
  expect(() => splitSearchLists('retrievalRefund', { refund_orders: [''] })).toThrow(/refund_orders/);
});
