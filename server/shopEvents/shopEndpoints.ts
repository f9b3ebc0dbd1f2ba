import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../store';
import type { ShopEndpointTable } from '../store';

export type ShopEndpointRow = Selectable<ShopEndpointTable>;

export async function insertShopEndpoint(db: Db, row: Insertable<ShopEndpointTable>): Promise<void> {
  await db.insertInto('shop_endpoints').values(row).execute();
}

export function findShopEndpoint(db: Db, id: string): Promise<ShopEndpointRow | undefined> {
  return db.selectFrom('shop_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every endpoint, oldest first (a shop has a handful). */
export function listShopEndpoints(db: Db): Promise<ShopEndpointRow[]> {
  return db.selectFrom('shop_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** True when the endpoint existed. */
export async function updateShopEndpoint(db: Db, id: string, patch: Updateable<ShopEndpointTable>): Promise<boolean> {
  const r = await db.updateTable('shop_endpoints').set(patch).where('id', '=', id).executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Removes the endpoint and its deliveries; true when it existed. */
export async function deleteShopEndpoint(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('shop_deliveries').where('endpoint_id', '=', id).execute();
    const r = await trx.deleteFrom('shop_endpoints').where('id', '=', id).executeTakeFirst();
    return r.numDeletedRows === 1n;
  });
}
