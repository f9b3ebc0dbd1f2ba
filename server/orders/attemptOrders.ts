import { compiledOnce, type Db } from '../store';
import type { Insertable } from 'kysely';
import { withPaymentOrderTables, type PaymentOrderTables } from '../checkout';

/** What one attempt sent the gateway and what the gateway said back about its subscription. */
export interface SentOrder {
  /** the payment order as sent, personal identifiers and tokens masked */
  payment_order: Record<string, unknown>;
  token_flag: string | null;
  /**
   * docs/gateway-api.md 2.6 subscription_result: contract_name, recurring_id, recurring_status, period, next deduction
   * date
   */
  subscription_result: Record<string, string> | null;
}

/**
 * Keeps the order an attempt is about to send; `masked` must already be masked (server/checkout/maskSentOrder.ts).
 * `savedCardId`: the saved card it pays with, which its outcome marks as used (markSavedCardUsed).
 */
export async function recordSentOrder(
  db: Db,
  attemptId: string,
  masked: Record<string, unknown>,
  at: string,
  savedCardId: string | null = null,
): Promise<void> {
  const tokenFlag = typeof masked.token_flag === 'string' ? masked.token_flag : null;
  await insertSentOrder(db, {
    attempt_id: attemptId,
    sent: JSON.stringify(masked),
    token_flag: tokenFlag,
    saved_card_id: savedCardId,
    subscription_result: null,
    created_at: at,
    updated_at: at,
  });
}

// on the payment path: compiled once, and inside a PostgreSQL transaction sent with the next statement
// (server/store/compiledOnce.ts)
const insertSentOrder = compiledOnce(
  (db: Db, row: Insertable<PaymentOrderTables['attempt_orders']>) =>
    withPaymentOrderTables(db).insertInto('attempt_orders').values(row),
  { deferrable: true },
);

/** The gateway's latest word on the attempt's subscription (a query record's subscription_result). */
export async function recordSubscriptionResult(
  db: Db,
  attemptId: string,
  result: Record<string, string>,
  at: string,
): Promise<void> {
  await withPaymentOrderTables(db)
    .updateTable('attempt_orders')
    .set({ subscription_result: JSON.stringify(result), updated_at: at })
    .where('attempt_id', '=', attemptId)
    .execute();
}

/** The masked payment order each of `attemptIds` sent (attempts that sent nothing are missing). */
export async function sentOrdersOf(db: Db, attemptIds: readonly string[]): Promise<Map<string, SentOrder>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await withPaymentOrderTables(db)
    .selectFrom('attempt_orders')
    .selectAll()
    .where('attempt_id', 'in', attemptIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.attempt_id,
      {
        payment_order: JSON.parse(r.sent) as Record<string, unknown>,
        token_flag: r.token_flag,
        subscription_result: r.subscription_result
          ? (JSON.parse(r.subscription_result) as Record<string, string>)
          : null,
      },
    ]),
  );
}
