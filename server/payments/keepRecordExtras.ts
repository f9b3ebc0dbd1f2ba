import { PAYMENT_STATUS } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import type { TransactionRecord } from '../gateway';
import { recordSubscriptionResult, sentOrdersOf } from '../store/attemptOrders';
import type { AttemptRow } from '../store/attempts';
import { saveCardToken } from '../store/savedCards';
import { findSession } from '../store/sessions';

/** Statuses in which the card was charged or held: only then is its token worth keeping. */
const CHARGED: readonly string[] = [PAYMENT_STATUS.AUTHORISED, PAYMENT_STATUS.PAID, PAYMENT_STATUS.PARTIALLY_REFUNDED, PAYMENT_STATUS.REFUNDED];

function isStringRecord(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/**
 * What a query record (spec 2.6) says beyond the status, kept for the attempt it matched: the subscription's
 * result (recurring_id, status, period, next deduction), and the stored-card token of a payment the shopper
 * asked to save (token_flag YES), under the session's shopper_id. The token is read from `token_id`, the name
 * the payment order uses for it; the spec's record does not list one, so a gateway that sends none saves none.
 */
export async function keepRecordExtras(deps: Pick<AppDeps, 'store' | 'now'>, attempt: AttemptRow, record: TransactionRecord): Promise<void> {
  const { db } = deps.store;
  const at = deps.now().toISOString();
  if (isStringRecord(record.subscription_result)) await recordSubscriptionResult(db, attempt.id, record.subscription_result, at);

  const token = typeof record.token_id === 'string' ? record.token_id.trim() : '';
  if (!token || !CHARGED.includes(record.payment_status ?? '')) return;
  if ((await sentOrdersOf(db, [attempt.id])).get(attempt.id)?.token_flag !== 'YES') return;
  const session = await findSession(db, attempt.session_id);
  if (!session?.shopper_id) return;
  await saveCardToken(db, { shopperId: session.shopper_id, tokenId: token, label: null, attemptId: attempt.id }, at);
}
