import type { Insertable, Selectable } from 'kysely';
import type { Db } from './openStore';
import type { PayoutTable } from './schema';

export type PayoutRow = Selectable<PayoutTable>;

export function findPayout(db: Db, accountId: string, requestId: string): Promise<PayoutRow | undefined> {
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function insertPayout(db: Db, row: Insertable<PayoutTable>): Promise<void> {
  await db.insertInto('payouts').values(row).execute();
}
