import type { Db } from './db';
import { withPaymentOrderTables } from './paymentOrderTables';

/** An installment plan a method offers: the count the shopper picks and the plan id the gateway is sent. */
export interface InstallmentPlan {
  count: number;
  id: string;
}

/** The installment plans of each of `methodIds` that offers any. */
export async function installmentPlansOf(db: Db, methodIds: readonly string[]): Promise<Map<string, InstallmentPlan[]>> {
  if (methodIds.length === 0) return new Map();
  const rows = await withPaymentOrderTables(db)
    .selectFrom('method_options')
    .select(['method_id', 'installment_plans'])
    .where('method_id', 'in', methodIds)
    .execute();
  return new Map(rows.filter((r) => r.installment_plans).map((r) => [r.method_id, JSON.parse(r.installment_plans!) as InstallmentPlan[]]));
}

