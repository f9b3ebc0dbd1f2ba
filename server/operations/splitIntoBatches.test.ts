import { describe, expect, it } from 'vitest';
import { BATCH_LIMIT } from '../../shared/gateway/errors';
import { splitIntoBatches } from './splitIntoBatches';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('splitIntoBatches', () => {
  it.each([
    [1, 50, [1]],
    [50, 50, [50]],
    [51, 50, [50, 1]],
    [120, 50, [50, 50, 20]],
    [1000, 50, Array(20).fill(50)],
    [120, 100, [100, 20]],
    [1000, 100, Array(10).fill(100)],
  ])('%i items with a limit of %i: batches of %j, in order, none over the limit', (n, limit, sizes) => {
    const batches = splitIntoBatches(range(n), limit);
    expect(batches.map((b) => b.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(range(n));
  });

  it('uses the gateway limits: 50 for refunds, 100 for reviews', () => {
    expect(Math.max(...splitIntoBatches(range(1000), BATCH_LIMIT.refund).map((b) => b.length))).toBe(50);
    expect(Math.max(...splitIntoBatches(range(1000), BATCH_LIMIT.review).map((b) => b.length))).toBe(100);
  });

  it('nothing to split gives no batch; a limit below 1 is a bug', () => {
    expect(splitIntoBatches([], 50)).toEqual([]);
    expect(() => splitIntoBatches(range(3), 0)).toThrow(RangeError);
    expect(() => splitIntoBatches(range(3), 2.5)).toThrow(RangeError);
  });
});
