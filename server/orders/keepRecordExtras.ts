import { PAYMENT_STATUS } from '../../shared/gateway/status';
import type { AppDeps } from '../deps';
import type { TransactionRecord } from '../gateway';
import { recordSubscriptionResult, sentOrdersOf } from './attemptOrders';
import type { AttemptRow } from './attempts';
import { writeAuditEvent } from './auditEvents';
import { cardTokenSeal } from '../store';
import { saveCardToken } from '../checkout';
import { findSession } from '../checkout';

/** Statuses in which the card was charged or held: only then is its token worth keeping. */
export const CARD_CHARGED: readonly string[] = [
  PAYMENT_STATUS.AUTHORISED,
  PAYMENT_STATUS.PAID,
  PAYMENT_STATUS.PARTIALLY_REFUNDED,
  PAYMENT_STATUS.REFUNDED,
];

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/**
 * What a query record (docs/gateway-api.md 2.6) says beyond the status, kept for the attempt it matched: the
 * subscription's result (recurring_id, status, period, next deduction), the card's brand and last four digits
 * (the order page's summary, "Visa •••• 4242"; never more of the number), and the stored-card token (see
 * keepSavedCard).
 */
export async function keepRecordExtras(
  deps: Pick<AppDeps, 'store' | 'now' | 'config'>,
  attempt: AttemptRow,
  record: TransactionRecord,
): Promise<void> {
  if (isStringRecord(record.subscription_result))
    await recordSubscriptionResult(deps.store.db, attempt.id, record.subscription_result, deps.now().toISOString());
  const card = cardParts(record);
  if (card && (attempt.card_brand !== card.brand || attempt.card_last4 !== card.last4))
    await deps.store.db
      .updateTable('payment_attempts')
      .set({ card_brand: card.brand, card_last4: card.last4 })
      .where('id', '=', attempt.id)
      .execute();
  await keepSavedCard(deps, attempt, record);
}

/** The fields of a query record that describe a stored card. */
interface StoredCardFields {
  readonly token_id?: unknown;
  readonly payment_status?: unknown;
  readonly card_brand?: unknown;
  readonly card_last4?: unknown;
}

/**
 * Keeps the stored-card token of a payment the shopper asked to save (token_flag YES), under the session's
 * shopper_id, labelled "Visa •••• 4242" when the gateway names the brand and last four digits. The token is
 * read from `token_id`, the name the payment order uses for it; the spec's record does not list one, so a
 * gateway that sends none saves none.
 *
 * Only a query answer is read (issue #18): a notification's token fields are not covered by its signature, and
 * a shopper's own signed return link, posted as a notification, would otherwise bind any token to their account.
 * One card per attempt, sealed at rest, and never a token already saved for another shopper.
 */
async function keepSavedCard(
  deps: Pick<AppDeps, 'store' | 'now' | 'config'>,
  attempt: AttemptRow,
  fields: StoredCardFields,
): Promise<void> {
  const { db } = deps.store;
  const token = typeof fields.token_id === 'string' ? fields.token_id.trim() : '';
  if (!token || typeof fields.payment_status !== 'string' || !CARD_CHARGED.includes(fields.payment_status)) return;
  if ((await sentOrdersOf(db, [attempt.id])).get(attempt.id)?.token_flag !== 'YES') return;
  const session = await findSession(db, attempt.session_id);
  if (!session?.shopper_id) return;
  const outcome = await saveCardToken(
    db,
    cardTokenSeal(deps.config.tokenKey),
    { shopperId: session.shopper_id, tokenId: token, label: cardLabel(fields), attemptId: attempt.id },
    deps.now().toISOString(),
  );
  if (outcome === 'other_shopper' || outcome === 'attempt_has_card') {
    await writeAuditEvent(db, {
      kind: 'mismatch',
      summary:
        outcome === 'other_shopper'
          ? 'query: the card token is already saved for another shopper; not saved for this one'
          : 'query: another card token for an attempt that already saved one; not saved',
      order_no: attempt.gateway_order_no,
      attempt_id: attempt.id,
    });
  }
}

/** The card's brand and last four digits; null unless both look right (they are shown as they are). */
function cardParts(fields: StoredCardFields): { brand: string; last4: string } | null {
  const brand = typeof fields.card_brand === 'string' ? fields.card_brand.trim() : '';
  const last4 = typeof fields.card_last4 === 'string' ? fields.card_last4.trim() : '';
  return /^[A-Za-z][A-Za-z .-]{0,29}$/.test(brand) && /^\d{4}$/.test(last4) ? { brand, last4 } : null;
}

/** "Visa •••• 4242"; null unless both parts look right (the label is shown to the shopper as it is). */
function cardLabel(fields: StoredCardFields): string | null {
  const card = cardParts(fields);
  return card ? `${card.brand} •••• ${card.last4}` : null;
}
