import type { Db } from '../store';
import { IN_FLIGHT, type RefundRow } from './refunds';

/**
 * The refunds not final whose next search is due (`next_check_at` unset or past; migration 018), last touched
 * before `cutoff` (a refund just sent may still be on its way), at most `limit`, those scheduled earliest first.
 */
export async function refundsDueForCheck(db: Db, now: string, cutoff: string, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', 'in', [...IN_FLIGHT])
    .where((eb) => eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', now)]))
    .where('updated_at', '<', cutoff)
    .orderBy('next_check_at')
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/**
 * After a search of `refunds`: each one the search left as it was (still in flight, untouched since `searchedAt`)
 * counts one more check and is next due at `nextCheckAt(checks)`. One that moved meanwhile (the search's answer, a
 * notification) is left alone: moving reset its checks and made it due (`moveRefund`).
 */
export async function backOffRefunds(
  db: Db,
  refunds: readonly Pick<RefundRow, 'id' | 'checks'>[],
  searchedAt: string,
  nextCheckAt: (checks: number) => string,
): Promise<void> {
  const byChecks = new Map<number, string[]>();
  for (const r of refunds) byChecks.set(r.checks, [...(byChecks.get(r.checks) ?? []), r.id]);
  for (const [checks, ids] of byChecks) {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('refunds')
        .set({ checks: checks + 1, next_check_at: nextCheckAt(checks) })
        .where('id', 'in', ids.slice(i, i + 500))
        .where('checks', '=', checks)
        .where('status', 'in', [...IN_FLIGHT])
        .where('updated_at', '<', searchedAt)
        .execute();
    }
  }
}
