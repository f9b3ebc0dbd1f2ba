import type { Db } from '../store';
import { withPaymentOrderTables } from '../checkout';

/** An installment plan a method offers: the count the shopper picks and the plan id the gateway is sent. */
export interface InstallmentPlan {
  count: number;
  id: string;
  /** the interest the shop declares for this count, in basis points of the amount (199 = 1.99 %), shown to the shopper */
  interest_bp?: number;
}

/** The installment plans of each of `methodIds` that offers any. */
export async function installmentPlansOf(
  db: Db,
  methodIds: readonly string[],
): Promise<Map<string, InstallmentPlan[]>> {
  if (methodIds.length === 0) return new Map();
  const rows = await withPaymentOrderTables(db)
    .selectFrom('method_options')
    .select(['method_id', 'installment_plans'])
    .where('method_id', 'in', methodIds)
    .execute();
  return new Map(
    rows
      .filter((r) => r.installment_plans)
      .map((r) => [r.method_id, JSON.parse(r.installment_plans!) as InstallmentPlan[]]),
  );
}

/**
 * Writes the installment plans of the methods in `plans` (an empty list offers none) and drops the options of
 * methods not in `methodIds` (removed from the shop). Methods in neither keep theirs. Call in the transaction
 * that saves the method list, so the two never disagree.
 */
export async function replaceInstallmentPlans(
  db: Db,
  methodIds: readonly string[],
  plans: ReadonlyMap<string, readonly InstallmentPlan[]>,
  at: string,
): Promise<void> {
  const options = withPaymentOrderTables(db);
  let removed = options.deleteFrom('method_options');
  if (methodIds.length) removed = removed.where('method_id', 'not in', methodIds);
  await removed.execute();
  for (const [methodId, list] of plans) {
    const installment_plans = list.length ? JSON.stringify(list) : null;
    await options
      .insertInto('method_options')
      .values({ method_id: methodId, installment_plans, updated_at: at })
      .onConflict((oc) => oc.column('method_id').doUpdateSet({ installment_plans, updated_at: at }))
      .execute();
  }
}
