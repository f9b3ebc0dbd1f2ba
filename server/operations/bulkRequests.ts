import type { Selectable } from 'kysely';
import type { Db } from '../store';
import type { BulkRequestTable } from '../store';

export type BulkRequestRow = Selectable<BulkRequestTable>;

/**
 * Records the key's first request (unless it is known already) and returns what the key stands for: this
 * request, or the earlier one it was first used for, for the caller to compare.
 */
export async function claimBulkRequestKey(db: Db, row: BulkRequestRow): Promise<BulkRequestRow> {
  await db
    .insertInto('bulk_requests')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('bulk_requests')
    .selectAll()
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirst();
  return stored ?? row;
}
