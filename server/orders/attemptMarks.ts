import { sql } from 'kysely';
import type { Db } from '../store';

interface AttemptMarkTable {
  attempt_id: string;
  /** what happened: e.g. `confirm` (a confirmation query), `return:3000` (a return audited for that status) */
  mark: string;
  at: string;
}

// a type, not an interface: withTables wants an index-signature-compatible record
type AttemptMarkTables = { attempt_marks: AttemptMarkTable };

const marks = (db: Db) => db.withTables<AttemptMarkTables>();

/**
 * Sets `mark` on the attempt unless it is already set: true the first time only, in every process at once
 * (the primary key decides). For what must happen once per attempt, e.g. one audit line per return status.
 */
export async function markOnce(db: Db, attemptId: string, mark: string, at: Date): Promise<boolean> {
  const row = await marks(db)
    .insertInto('attempt_marks')
    .values({ attempt_id: attemptId, mark, at: at.toISOString() })
    .onConflict((oc) => oc.columns(['attempt_id', 'mark']).doNothing())
    .returning('mark')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets `mark` on the attempt if it was never set or was set more than `everyMs` ago: true when this call may
 * go ahead, false when another (in any process) did within the interval. For what may happen at most once per
 * interval, e.g. a confirmation query a replayed return link asks for.
 */
export async function markAtMostEvery(
  db: Db,
  attemptId: string,
  mark: string,
  at: Date,
  everyMs: number,
): Promise<boolean> {
  const now = at.toISOString();
  const before = new Date(at.getTime() - everyMs).toISOString();
  const row = await marks(db)
    .insertInto('attempt_marks')
    .values({ attempt_id: attemptId, mark, at: now })
    .onConflict((oc) =>
      oc.columns(['attempt_id', 'mark']).doUpdateSet({ at: sql`excluded.at` }).where('attempt_marks.at', '<=', before),
    )
    .returning('mark')
    .executeTakeFirst();
  return row !== undefined;
}
