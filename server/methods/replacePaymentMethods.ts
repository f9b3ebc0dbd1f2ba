import type { Insertable } from 'kysely';
import type { Db } from '../store';
import type { PaymentMethodTable } from '../store';

/**
 * Makes `methods` the shop's whole list, in one transaction: methods left out are removed, the rest written
 * as given. A shopper loading a session meanwhile sees the old list or the new one, never a mix.
 */
export async function replacePaymentMethods(
  db: Db,
  methods: readonly Insertable<PaymentMethodTable>[],
  /** more writes that belong to the same save (the methods' options) */
  alsoInTransaction: (trx: Db) => Promise<void> = async () => {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = methods.map((m) => m.id);
    let remove = trx.deleteFrom('payment_methods');
    if (ids.length) remove = remove.where('id', 'not in', ids);
    await remove.execute();
    for (const m of methods) {
      const { id: _id, ...rest } = m;
      await trx
        .insertInto('payment_methods')
        .values(m)
        .onConflict((oc) => oc.column('id').doUpdateSet(rest))
        .execute();
    }
    await alsoInTransaction(trx);
  });
}
