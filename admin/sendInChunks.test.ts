import { expect, test } from 'vitest';
import { ApiError, type BulkItem } from './api/client';
import { sendInChunks } from './sendInChunks';

const items = (n: number): BulkItem[] => Array.from({ length: n }, (_, i) => ({ order_no: `O${i}` }));

test('sends chunks in order and reports progress after each', async () => {
  const sizes: number[] = [];
  const progress: number[] = [];
  const results = await sendInChunks(
    items(250),
    async (chunk) => {
      sizes.push(chunk.length);
      return { results: chunk.map((c) => ({ order_no: c.order_no, ok: true as const })) };
    },
    (done) => progress.push(done),
  );
  expect(sizes).toEqual([100, 100, 50]);
  expect(progress).toEqual([100, 200, 250]);
  expect(results.map((r) => r.order_no)).toEqual(items(250).map((i) => i.order_no));
});

test('an order the backend did not answer for is reported, never dropped', async () => {
  const results = await sendInChunks(items(3), async () => ({ results: [{ order_no: 'O1', ok: true as const }] }));
  expect(results.map((r) => [r.order_no, r.ok])).toEqual([
    ['O0', false],
    ['O1', true],
    ['O2', false],
  ]);
});

test('a 401 stops the run', async () => {
  let calls = 0;
  const run = sendInChunks(items(300), async () => {
    calls += 1;
    throw new ApiError(401, 'unauthorized', 'no');
  });
  await expect(run).rejects.toMatchObject({ status: 401 });
  expect(calls).toBe(1);
});
