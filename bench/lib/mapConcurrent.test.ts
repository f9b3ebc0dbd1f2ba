import { describe, expect, it } from 'vitest';
import { mapConcurrent } from './mapConcurrent';

describe('mapConcurrent', () => {
  it('keeps item order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapConcurrent([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setImmediate(r));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
  it('rejects with the first failure', async () => {
    await expect(
      mapConcurrent([1, 2, 3], 3, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n)),
    ).rejects.toThrow('two');
  });
});
