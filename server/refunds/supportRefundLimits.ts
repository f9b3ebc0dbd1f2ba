import type { Db } from '../store';
import { runInTransaction } from '../store';

/** The support role's refund limit per currency, in minor units (no entry: support cannot refund in it). */
export async function supportRefundLimits(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('support_refund_limits').select(['currency', 'max_minor']).execute();
  return new Map(rows.map((r) => [r.currency, Number(r.max_minor)]));
}

/** Replaces every limit at once, as the owner's form and `PUT` send the whole list. */
export async function replaceSupportRefundLimits(
  db: Db,
  limits: ReadonlyMap<string, number>,
  by: string,
  at: string,
): Promise<void> {
  await runInTransaction(db, async (trx) => {
    await trx.deleteFrom('support_refund_limits').execute();
    if (limits.size === 0) return;
    await trx
      .insertInto('support_refund_limits')
      .values([...limits].map(([currency, max_minor]) => ({ currency, max_minor, updated_by: by, updated_at: at })))
      .execute();
  });
}
