import type { GatewayProfile } from '../../shared/gateway/profile';
import type { AccountLookup } from '../accounts';
import type { Db } from '../store/openStore';
import { dueToSettle } from '../store/transactions';
import { finishPayment } from './finishPayment';

/**
 * Settles pending card payments whose time has come (the 0077 test card): approved, with the PAYMENT
 * notification. The time is stored, so a restart settles them too. Returns how many settled.
 */
export async function settleDue(
  db: Db,
  findAccount: AccountLookup,
  now: number,
  profile: GatewayProfile,
): Promise<number> {
  let settled = 0;
  for (const tx of await dueToSettle(db, now)) {
    const account = findAccount(tx.account_id);
    if (!account) continue;
    await finishPayment(
      db,
      account,
      tx.transaction_id,
      { kind: 'approve' },
      {},
      (row) => row.settle_at !== null && row.settle_at <= now,
      now,
      profile,
    );
    settled++;
  }
  return settled;
}
