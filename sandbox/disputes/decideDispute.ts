import type { GatewayProfile } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import { decideIfOpen, getDispute, type DisputeRow } from '../store/disputes';
import type { Db } from '../store/openStore';
import { getTransaction } from '../store/transactions';
import { notifyDispute } from './notifyDispute';

/**
 * Ends an open dispute won or lost with `DISPUTE RESULT`, once: a dispute already decided is answered as it is,
 * so a second control call (or the planned decision racing one) sends nothing more.
 */
export async function decideDispute(
  db: Db,
  account: Account,
  disputeId: string,
  outcome: 'won' | 'lost',
  now: number,
  profile: GatewayProfile,
): Promise<{ dispute: DisputeRow; changed: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await getDispute(trx, disputeId);
    if (!before || before.account_id !== account.account_id) return undefined;
    if (!(await decideIfOpen(trx, disputeId, outcome, now))) return { dispute: before, changed: false };
    const dispute: DisputeRow = { ...before, state: outcome, decided_at: now, decide_at: null };
    const tx = await getTransaction(trx, dispute.transaction_id);
    if (tx) await notifyDispute(trx, account, tx, dispute, now, profile);
    return { dispute, changed: true };
  });
}
