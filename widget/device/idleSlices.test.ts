// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { idleSlice, runInSlices, SLICE_RESERVE_MS, type NextSlice } from './idleSlices';

/** Slices of `length` ms on a clock that only the steps move: each step spends what `costs` says. */
function fakeSlices(length: number) {
  let now = 0;
  const slices: number[][] = [];
  const nextSlice: NextSlice = async () => {
    const end = now + length;
    slices.push([]);
    return { timeRemaining: () => Math.max(0, end - now) };
  };
  const step = (name: number, cost: number) => () => {
    slices.at(-1)?.push(name);
    now += cost;
    return name;
  };
  return { nextSlice, step, slices };
}

describe('work cut into idle slices', () => {
  test('cheap steps share a slice until less than the reserve is left, then wait for the next one', async () => {
    const { nextSlice, step, slices } = fakeSlices(50);
    const steps = [10, 10, 10, 10, 10, 10].map((cost, i) => step(i, cost));
    expect(await runInSlices(steps, nextSlice)).toEqual([0, 1, 2, 3, 4, 5]);
    // 50 ms slices: after three 10 ms steps only 20 ms (< 25) are left
    expect(slices).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
  });

  test('a slice that is already short (a timed-out idle callback) still runs one step, and only one', async () => {
    const { nextSlice, step, slices } = fakeSlices(0);
    await runInSlices([step(0, 1), step(1, 1), step(2, 1)], nextSlice);
    expect(slices).toEqual([[0], [1], [2]]);
  });

  test('no slice starts a step with less than the reserve left, so a slice ends within 50 ms less the reserve plus one step', async () => {
    const { nextSlice, step, slices } = fakeSlices(50);
    await runInSlices(
      [3, 20, 4, 30, 1, 24, 2].map((cost, i) => step(i, cost)),
      nextSlice,
    );
    expect(slices).toEqual([[0, 1, 2], [3], [4, 5, 6]]);
    expect(SLICE_RESERVE_MS).toBeLessThanOrEqual(25);
  });

  test("asynchronous steps are not awaited one by one: they run side by side and each one's Promise comes back", async () => {
    const { nextSlice } = fakeSlices(50);
    const started: number[] = [];
    const results = await runInSlices(
      [0, 1, 2].map((i) => () => {
        started.push(i);
        return new Promise<number>(() => {}); // never settles
      }),
      nextSlice,
    );
    expect(started).toEqual([0, 1, 2]);
    expect(results).toHaveLength(3);
  });

  test('in a page, a slice is an idle period, or a timer task where requestIdleCallback is missing', async () => {
    const deadline = await idleSlice(window)();
    expect(typeof deadline.timeRemaining()).toBe('number');
    const noIdle = Object.create(window, { requestIdleCallback: { value: undefined } }) as Window;
    const timerDeadline = await idleSlice(noIdle)();
    expect(timerDeadline.timeRemaining()).toBeGreaterThanOrEqual(0);
    expect(timerDeadline.timeRemaining()).toBeLessThanOrEqual(10);
  });
});
