import { toDecimal } from '../../shared/gateway/money';
import { type GatewayProfile, toWireStatus } from '../../shared/gateway/profile';
import { PAYMENT_STATUS } from '../../shared/gateway/status';
import type { Fields } from '../http/readFields';
import type { TransactionRow } from '../store/transactions';
import { worstDisputeStatus } from '../../shared/gateway/disputeStatus';
import { toDisputeRecord } from '../disputes/toDisputeView';
import type { DisputeRow } from '../store/disputes';
import { compactUtc, isoDay } from './formatTime';

/**
 * The transaction record of docs/gateway-api.md 2.6, filled from what was paid: the request as received and the
 * outcome. Beyond the spec it carries `captured_amount`, `refunded_amount`, `payment_method` and `message`, which a
 * merchant needs to reconcile partial captures and refunds, and for a card `card_brand`, `card_last4` and the
 * stored-card `token_id` (the payment order's name for it) once there is one. A disputed payment carries
 * `dispute_status` and `disputes` (shared/gateway/disputeStatus.ts: a lost dispute shows as `7200`).
 */
export function toTransactionRecord(
  tx: TransactionRow,
  profile: GatewayProfile,
  disputes: readonly DisputeRow[] = [],
): Record<string, unknown> {
  const req = JSON.parse(tx.request_json) as Fields;
  const s = (name: string) => (typeof req[name] === 'string' ? (req[name] as string) : '');
  // without delivery details the goods go to the billing address, as the spec's form collects both
  const delivery = (d: string, b: string) => s(d) || s(b);
  const record: Record<string, unknown> = {
    amount: toDecimal(tx.amount_minor, tx.currency),
    currency: tx.currency,
    order_no: tx.order_no,
    transaction_id: tx.transaction_id,
    reference_no: tx.reference_no,
    website: s('website'),
    shopper_email: s('shopper_email'),
    shopper_phone: s('shopper_phone'),
    delivery_information: {
      delivery_address: delivery('delivery_address', 'billing_address'),
      delivery_city: delivery('delivery_city', 'billing_city'),
      delivery_country: delivery('delivery_country', 'billing_country'),
      delivery_firstname: delivery('delivery_firstname', 'first_name'),
      delivery_lastname: delivery('delivery_lastname', 'last_name'),
      delivery_postal_code: delivery('delivery_postal_code', 'billing_postal_code'),
      delivery_state: delivery('delivery_state', 'billing_state'),
    },
    antifraud_provider: 'sandbox-screening',
    fraud_check_result: tx.fraud_status ? [{ check_items: 'risk_score', status: tx.fraud_status }] : [],
    is3ds: String(tx.is3ds),
    payment_status: toWireStatus(profile, tx.status),
    query_result: '1',
    transaction_date: compactUtc(tx.created_at),
    captured_amount: toDecimal(tx.captured_minor, tx.currency),
    refunded_amount: toDecimal(tx.refunded_minor, tx.currency),
    payment_method: tx.payment_method,
    message: tx.message,
    // sandbox additions for stored cards: what the card page saw (never the number) and the token issued or used
    ...(tx.card_brand ? { card_brand: tx.card_brand } : {}),
    ...(tx.card_last4 ? { card_last4: tx.card_last4 } : {}),
    ...(tx.token_id ? { token_id: tx.token_id } : {}),
    ...(disputes.length
      ? { dispute_status: worstDisputeStatus(disputes.map((d) => d.state)), disputes: disputes.map(toDisputeRecord) }
      : {}),
  };
  const subscription = req.subscription;
  if (subscription && typeof subscription === 'object' && !Array.isArray(subscription)) {
    record.subscription_result = subscriptionResult(subscription as Fields, tx);
  }
  return record;
}

const PAID = new Set<string>([
  PAYMENT_STATUS.AUTHORISED,
  PAYMENT_STATUS.PAID,
  PAYMENT_STATUS.PARTIALLY_REFUNDED,
  PAYMENT_STATUS.REFUNDED,
]);

function subscriptionResult(sub: Fields, tx: TransactionRow): Record<string, string> {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const count = text(sub.interval_count) || '1';
  const interval = text(sub.interval) || 'month';
  return {
    contract_name: text(sub.contract_name),
    recurring_deduction_period: `${count} ${interval}`,
    recurring_deduction_time: nextDeduction(tx.created_at, interval, Number(count) || 1),
    recurring_id: `S${tx.transaction_id.slice(1)}`,
    // the contract is live only once its first payment went through
    recurring_status: PAID.has(tx.status) ? '1' : '0',
  };
}

/** The date of the next deduction after the first payment, YYYY-MM-DD. */
function nextDeduction(from: number, interval: string, count: number): string {
  const d = new Date(from);
  const unit = interval.toLowerCase().replace(/s$/, '');
  if (unit === 'day') d.setUTCDate(d.getUTCDate() + count);
  else if (unit === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (unit === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else d.setUTCMonth(d.getUTCMonth() + count);
  return isoDay(d.getTime());
}
