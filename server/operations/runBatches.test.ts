import { describe, expect, it } from 'vitest';
import { runBatches } from './runBatches';

/** A promise the test resolves when it chooses, to hold batches "in flight". */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('runBatches', () => {
  it("keeps at most `concurrency` batches in flight and answers in the batches' order", async () => {
    let inFlight = 0;
    let most = 0;
    const gates = Array.from({ length: 10 }, gate);
    const run = runBatches(
      gates.map((g, i) => ({ g, i })),
      async ({ g, i }) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await g.opened;
        inFlight--;
        return i * 10;
      },
      3,
    );
    // let the workers start, then release the batches in reverse order
    await new Promise((r) => setImmediate(r));
    expect(inFlight).toBe(3);
    for (const g of [...gates].reverse()) {
      g.open();
      await new Promise((r) => setImmediate(r));
    }
    const results = await run;
    expect(most).toBe(3);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
  });

  it('a failing batch fails alone: the others still run and answer', async () => {
    const results = await runBatches(
      [1, 2, 3, 4],
      async (n) => {
        if (n === 2) throw new Error('gateway down');
        return n;
      },
      2,
    );
    expect(results).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('gateway down') },
      { status: 'fulfilled', value: 3 },
      { status: 'fulfilled', value: 4 },
    ]);
  });

  it('no batches, no calls; a concurrency below 1 is a bug', async () => {
    expect(await runBatches([], async () => 1)).toEqual([]);
    await expect(runBatches([1], async () => 1, 0)).rejects.toThrow(RangeError);
  });
});
