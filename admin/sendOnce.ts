import { type AdminApi, ApiError, type BulkAction, type BulkItem, type BulkResult } from './api/client';

/**
 * The Idempotency-Key of each intended operation whose outcome is not known yet, by what it asks (the action and
 * the exact orders, amounts and reasons): for as long as this page lives, asking the same again sends the same key,
 * so the backend answers it from its journal instead of refunding a second time.
 */
const undecided = new Map<string, string>();

/** A result that settles the intended operation: anything but "not known yet" and a refund still on its way. */
function definite(r: BulkResult): boolean {
  if (r.ok) return r.refund_state === undefined || r.refund_state === 'succeeded' || r.refund_state === 'failed';
  return r.error.code !== 'outcome_unknown' && r.error.code !== 'refund_pending';
}

/**
 * Sends one chunk of a bulk action under the key of its intent: a new key the first time, the SAME key again
 * while the earlier answer was not definite (a lost connection, a 5xx, `outcome_unknown`, a refund the gateway has
 * only received). A definite answer forgets the key, so a later, deliberate repeat is a new operation.
 */
export async function sendOnce(
  api: AdminApi,
  action: BulkAction,
  chunk: BulkItem[],
): Promise<{ results: BulkResult[] }> {
  const intent = `${action} ${JSON.stringify(chunk)}`;
  const key = undecided.get(intent) ?? crypto.randomUUID();
  undecided.set(intent, key);
  try {
    const answer = await api.bulk(action, chunk, key);
    if ((answer.results ?? []).every(definite)) undecided.delete(intent);
    return answer;
  } catch (err) {
    // refused before anything was done (a wrong field, no permission): the key is not needed again
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 409 && err.status !== 429)
      undecided.delete(intent);
    throw err;
  }
}
