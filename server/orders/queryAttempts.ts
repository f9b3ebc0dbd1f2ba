import { BATCH_LIMIT } from '../../shared/gateway/errors';
import type { AppDeps } from '../deps';
import type { TransactionRecord } from '../gateway';
import { applyQueryRecord, type QueryOutcome } from './applyQueryRecord';
import type { AttemptRow } from './attempts';

/** What came of asking about one attempt: the outcome of applying its record, or what kept it from applying. */
export type AttemptAnswer = { outcome: QueryOutcome } | { error: unknown };

/**
 * Asks the gateway about `attempts`, as many a call as the query takes (`BATCH_LIMIT.query`), and applies each
 * one's record (the one found first: a query may list several for an order number). `answered` hears of each
 * attempt asked about; `unasked` of each whose call failed, after one warning naming `who` (the notification
 * cues, the reconcile loop) asks the caller to ask again later.
 */
export async function queryAttempts(
  deps: Pick<AppDeps, 'store' | 'now' | 'gateway' | 'log' | 'config'>,
  attempts: readonly AttemptRow[],
  who: string,
  handlers: {
    answered(attempt: AttemptRow, answer: AttemptAnswer): Promise<void>;
    unasked(attempt: AttemptRow): Promise<void>;
  },
): Promise<void> {
  for (let i = 0; i < attempts.length; i += BATCH_LIMIT.query) {
    const batch = attempts.slice(i, i + BATCH_LIMIT.query);
    let records: TransactionRecord[];
    try {
      records = await deps.gateway.query({ orders: batch.map((a) => a.gateway_order_no) });
    } catch (err) {
      deps.log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message }, count: batch.length },
        `${who}: query failed; asking again later`,
      );
      for (const attempt of batch) await handlers.unasked(attempt);
      continue;
    }
    for (const attempt of batch) {
      const mine = records.filter((r) => r.order_no === attempt.gateway_order_no);
      const record = mine.find((r) => r.query_result === '1') ?? mine[0];
      let answer: AttemptAnswer;
      try {
        answer = { outcome: await applyQueryRecord(deps, attempt, record) };
      } catch (error) {
        answer = { error };
      }
      await handlers.answered(attempt, answer);
    }
  }
}
