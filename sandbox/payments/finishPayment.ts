import { formatGatewayMessage } from '../../shared/gateway/errors';
import type { GatewayProfile } from '../../shared/gateway/profile';
import type { Account } from '../accounts';
import { NOTIFY_TYPE } from '../notify/notifyTypes';
import type { Db } from '../store/openStore';
import {
  findSuccessfulWithin24h,
  getTransaction,
  updateIfStatus,
  type TransactionPatch,
  type TransactionRow,
} from '../store/transactions';
import { approval } from './approval';
import { issueCardToken } from './issueCardToken';
import { moveTransaction } from './moveTransaction';

/** What the shopper's page (or the simulated settlement) decided. */
export type Finish =
  | { kind: 'approve' }
  | { kind: 'review' }
  | { kind: 'decline'; message: string }
  | { kind: 'cancel'; message: string }
  /** stays 1000; settles to approved at `settleAt` */
  | { kind: 'pending'; settleAt: number };

const APPROVED_MESSAGE = '0000:Approved';
const REVIEW_MESSAGE = '6000:Held for review';

/**
 * Ends a pending payment with the PAYMENT notification. Re-reads the row in the database transaction and does
 * nothing when `stillOpen` says it was already finished (a double click, a reloaded page): the caller then shows
 * the current state, so the same shopper action never pays twice. An approval of an order_no that meanwhile
 * succeeded in another transaction is declined with I0061 instead.
 */
export async function finishPayment(
  db: Db,
  account: Account,
  transactionId: string,
  finish: Finish,
  card: TransactionPatch,
  stillOpen: (tx: TransactionRow) => boolean,
  now: number,
  profile: GatewayProfile,
): Promise<TransactionRow> {
  return db.transaction().execute(async (trx) => {
    const tx = await getTransaction(trx, transactionId);
    if (!tx) throw new Error(`transaction ${transactionId} vanished`);
    if (tx.status !== '1000' || !stillOpen(tx)) return tx;
    const base = { ...card, settle_at: null };
    if (
      (finish.kind === 'approve' || finish.kind === 'review') &&
      (await findSuccessfulWithin24h(trx, tx.account_id, tx.order_no, now, tx.transaction_id))
    ) {
      return moveTransaction(
        trx,
        account,
        tx,
        {
          event: 'decline',
          to: '4000',
          message: formatGatewayMessage('I0061'),
          notify: NOTIFY_TYPE.payment,
          patch: base,
        },
        now,
        profile,
      );
    }
    switch (finish.kind) {
      case 'approve': {
        const { event, to, captured_minor } = approval(account, tx);
        const token = await issueCardToken(trx, { ...tx, ...card } as TransactionRow, now);
        const patch = {
          ...base,
          captured_minor,
          fraud_status: 'ACCEPT',
          ...(token ? { token_id: token.token_id } : {}),
        };
        // the PAYMENT notification carries the token, as the query record does (sandbox/README.md)
        return moveTransaction(
          trx,
          account,
          tx,
          {
            event,
            to,
            message: APPROVED_MESSAGE,
            notify: NOTIFY_TYPE.payment,
            patch,
            ...(token ? { additions: { ...token } } : {}),
          },
          now,
          profile,
        );
      }
      case 'review':
        return moveTransaction(
          trx,
          account,
          tx,
          {
            event: 'hold',
            to: '6000',
            message: REVIEW_MESSAGE,
            notify: NOTIFY_TYPE.payment,
            patch: { ...base, fraud_status: 'REVIEW' },
          },
          now,
          profile,
        );
      case 'decline':
        return moveTransaction(
          trx,
          account,
          tx,
          {
            event: 'decline',
            to: '4000',
            message: finish.message,
            notify: NOTIFY_TYPE.payment,
            patch: { ...base, fraud_status: 'ACCEPT' },
          },
          now,
          profile,
        );
      case 'cancel':
        return moveTransaction(
          trx,
          account,
          tx,
          { event: 'shopper_cancel', to: '5000', message: finish.message, notify: NOTIFY_TYPE.payment, patch: base },
          now,
          profile,
        );
      case 'pending': {
        const patch = { ...card, settle_at: finish.settleAt, message: '1000:Pending', updated_at: now };
        await updateIfStatus(trx, tx.transaction_id, '1000', patch);
        return { ...tx, ...patch } as TransactionRow;
      }
    }
  });
}
