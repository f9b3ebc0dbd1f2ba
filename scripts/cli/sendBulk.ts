import type { BulkResult } from '../../shared/contract/admin';
import { ApiError } from '../../shared/contract/ApiError';
import type { CliItem } from './readBulkCsv';

/** Orders per request: what the admin page sends too; the backend splits each into gateway batches. */
const CHUNK = 100;

/**
 * Sends `items` in requests of CHUNK, one after the other, and answers one result per item in order (the API
 * answers in the order sent). A request that fails fails its own items with the envelope's code; a refused
 * token stops the run, since nothing further would be accepted.
 */
export async function sendBulk(
  items: readonly CliItem[],
  send: (chunk: CliItem[]) => Promise<{ results: BulkResult[] }>,
  onProgress: (done: number) => void,
): Promise<BulkResult[]> {
  const all: BulkResult[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK);
    let answered: BulkResult[];
    try {
      answered = (await send(chunk)).results;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 0)) throw e;
      const error =
        e instanceof ApiError ? { code: e.code, message: e.message } : { code: 'error', message: String(e) };
      answered = chunk.map((item) => ({ order_no: item.order_no ?? item.transaction_id ?? '', ok: false, error }));
    }
    chunk.forEach((item, j) => {
      all.push(
        answered[j] ?? {
          order_no: item.order_no ?? item.transaction_id ?? '',
          ok: false,
          error: {
            code: 'no_result',
            message: 'the backend returned no result for this order; sync it to see its state',
          },
        },
      );
    });
    onProgress(Math.min(i + CHUNK, items.length));
  }
  return all;
}
