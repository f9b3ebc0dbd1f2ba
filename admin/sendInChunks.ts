import { ApiError, type BulkItem, type BulkResult } from './api/client';

export const CHUNK_SIZE = 100;

/**
 * Sends a large selection in requests of `size` orders, one after the other, so the page can show progress and
 * a failed request costs one chunk, not the whole run. Every item gets exactly one result: a request that fails
 * marks its own items failed with the envelope's code, and an item the backend left out is reported as such.
 * A 401 stops the run (the token is gone; nothing further would succeed).
 */
export async function sendInChunks(
  items: readonly BulkItem[],
  send: (chunk: BulkItem[]) => Promise<{ results: BulkResult[] }>,
  onProgress: (done: number, results: BulkResult[]) => void = () => {},
  size = CHUNK_SIZE,
): Promise<BulkResult[]> {
  const all: BulkResult[] = [];
  for (let i = 0; i < items.length; i += size) {
    const chunk = items.slice(i, i + size);
    let answered: BulkResult[];
    try {
      answered = (await send(chunk)).results ?? [];
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) throw err;
      const error =
        err instanceof ApiError ? { code: err.code, message: err.message } : { code: 'error', message: String(err) };
      answered = chunk.map((item) => ({ order_no: item.order_no, ok: false, error }));
    }
    const byOrder = new Map(answered.map((r) => [r.order_no, r]));
    for (const item of chunk) {
      all.push(
        byOrder.get(item.order_no) ?? {
          order_no: item.order_no,
          ok: false,
          error: {
            code: 'no_result',
            message: 'The server returned no result for this order; sync it to see its state.',
          },
        },
      );
    }
    onProgress(Math.min(i + size, items.length), all.slice());
  }
  return all;
}
