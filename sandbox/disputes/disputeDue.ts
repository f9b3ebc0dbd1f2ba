import { sql } from 'kysely';
import type { GatewayProfile } from '../../shared/gateway/profile';
import type { AccountLookup } from '../accounts';
import { disputesDue } from '../store/disputes';
import type { Db } from '../store/openStore';
import { decideDispute } from './decideDispute';
import { DEFAULT_REASON, DEFAULT_REASON_CODE, defaultRespondBy } from './defaultDispute';
import { DisputeRefused, openDispute } from './openDispute';

/**
 * The worker's dispute pass: payments of the dispute test card (…2685) captured `disputeMs` ago are disputed in
 * full, planned to be lost `disputeMs` later; then every open dispute whose planned decision is due is decided.
 * Both are read from the database, so a restart loses neither.
 */
export async function disputeDue(
  db: Db,
  findAccount: AccountLookup,
  now: number,
  disputeMs: number,
  profile: GatewayProfile,
): Promise<void> {
  const captured = await db
    .selectFrom('transactions')
    .select(['transaction_id', 'account_id'])
    .where('card_outcome', 'like', '%"disputed":true%')
    .where('status', 'in', ['3000', '3100'])
    .where('updated_at', '<=', now - disputeMs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('disputes')
            .select(sql`1`.as('one'))
            .whereRef('disputes.transaction_id', '=', 'transactions.transaction_id'),
        ),
      ),
    )
    .limit(20)
    .execute();
  for (const tx of captured) {
    const account = findAccount(tx.account_id);
    if (!account) continue;
    try {
      await openDispute(
        db,
        account,
        {
          transaction_id: tx.transaction_id,
          reason_code: DEFAULT_REASON_CODE,
          reason: DEFAULT_REASON,
          respond_by: defaultRespondBy(now),
          planned: 'lost',
          decide_at: now + disputeMs,
        },
        now,
        profile,
      );
    } catch (e) {
      // refunded in full meanwhile: nothing left to dispute
      if (!(e instanceof DisputeRefused)) throw e;
    }
  }
  for (const d of await disputesDue(db, now)) {
    const account = findAccount(d.account_id);
    if (account && d.planned) await decideDispute(db, account, d.dispute_id, d.planned, now, profile);
  }
}
