import { randomBytes } from 'node:crypto';
import type { GatewayProfile } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import { disputesOf, insertDispute, type DisputeRow } from '../store/disputes';
import type { Db } from '../store/openStore';
import { getTransaction } from '../store/transactions';
import { notifyDispute } from './notifyDispute';

export interface DisputeRequest {
  transaction_id: string;
  /** minor units; undefined: everything still disputable */
  amount_minor?: number | undefined;
  reason_code: string;
  reason: string;
  /** YYYYMMDD */
  respond_by: string;
  planned: 'won' | 'lost' | null;
  decide_at: number | null;
}

/** Why a dispute cannot be opened, naming the request field at fault. */
export class DisputeRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Captured (paid or partly refunded): the only payments whose money a cardholder's bank can take back. */
const DISPUTABLE = ['3000', '3100'];

/**
 * Opens a dispute on a captured payment with `DISPUTE RECIEVED`, in one database transaction. Never more than
 * captured, less refunded, less what open and lost disputes already claim.
 */
export async function openDispute(
  db: Db,
  account: Account,
  request: DisputeRequest,
  now: number,
  profile: GatewayProfile,
): Promise<DisputeRow> {
  return db.transaction().execute(async (trx) => {
    const tx = await getTransaction(trx, request.transaction_id);
    if (!tx || tx.account_id !== account.account_id)
      throw new DisputeRefused('transaction_id', 'no such transaction in this account');
    if (!DISPUTABLE.includes(tx.status))
      throw new DisputeRefused('transaction_id', `payment_status ${tx.status} is not captured (3000 or 3100)`);
    const claimed = (await disputesOf(trx, tx.transaction_id))
      .filter((d) => d.state !== 'won')
      .reduce((sum, d) => sum + d.amount_minor, 0);
    const left = tx.captured_minor - tx.refunded_minor - claimed;
    const amount = request.amount_minor ?? left;
    if (amount <= 0 || amount > left)
      throw new DisputeRefused('amount', `${left > 0 ? `at most ${left} minor units` : 'nothing'} can be disputed`);
    const dispute: DisputeRow = {
      dispute_id: `D${randomBytes(10).toString('hex').toUpperCase()}`,
      transaction_id: tx.transaction_id,
      account_id: tx.account_id,
      order_no: tx.order_no,
      currency: tx.currency,
      amount_minor: amount,
      reason_code: request.reason_code,
      reason: request.reason,
      respond_by: request.respond_by,
      state: 'open',
      planned: request.planned,
      decide_at: request.decide_at,
      created_at: now,
      decided_at: null,
    };
    await insertDispute(trx, dispute);
    await notifyDispute(trx, account, tx, dispute, now, profile);
    return dispute;
  });
}
