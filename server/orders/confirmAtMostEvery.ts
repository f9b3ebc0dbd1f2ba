import type { AppDeps } from '../deps';
import { markAtMostEvery } from './attemptMarks';
import type { AttemptRow } from './attempts';
import { confirmPayment } from './confirmPayment';
import type { QueryOutcome } from './applyQueryRecord';

/**
 * How often one attempt may be confirmed by a query on behalf of a message anyone can repeat (a signed return
 * link replayed, a notification re-posted): often enough for a shopper who reloads the page to see the outcome,
 * rarely enough that replays cannot turn the backend into a query amplifier against the gateway.
 */
const CONFIRM_EVERY_MS = 10_000;

/**
 * `confirmPayment`, unless the attempt was confirmed this way less than CONFIRM_EVERY_MS ago by any process
 * (the interval is kept in the store, `attempt_marks`): then `throttled`, and nothing is asked.
 */
export async function confirmAtMostEvery(
  deps: Pick<AppDeps, 'store' | 'gateway' | 'now' | 'log' | 'config'>,
  attempt: AttemptRow,
  requestId?: string,
): Promise<QueryOutcome | 'unavailable' | 'throttled'> {
  if (!(await markAtMostEvery(deps.store.db, attempt.id, 'confirm', deps.now(), CONFIRM_EVERY_MS))) return 'throttled';
  return confirmPayment(deps, attempt, requestId);
}
