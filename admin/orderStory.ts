import type { OrderDetail, TimelineEntry } from './api/client';
import { actorText } from './actorText';
import { formatAmount } from './formatMoney';
import { gatewayMessageText } from './gatewayMessageText';

/** A payment method's id in words: "card" is "Card", an APM is its gateway code (PIX, BOLETO). */
function methodText(method: string): string {
  return method === 'card' ? 'Card' : method.toUpperCase();
}

/** "13 Nov 2026", in the reader's time zone. */
function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

const money = (e: Pick<TimelineEntry, 'amount' | 'currency'>) =>
  e.amount && e.currency ? formatAmount(e.amount, e.currency) : '';
const by = (e: TimelineEntry) => (e.by ? ` by ${actorText(e.by)}` : '');
const attempt = (e: TimelineEntry) => (e.attempt && e.attempt > 1 ? ` (payment ${e.attempt})` : '');

/** One line of the order's timeline as a sentence. */
export function timelineText(e: TimelineEntry): string {
  switch (e.what) {
    case 'created':
      return `Order created for ${money(e)}`;
    case 'payment_started':
      return `Payment ${e.attempt ?? ''} started with ${methodText(e.method ?? '')}`;
    case 'pending':
      return `Payment waiting for the shopper or the bank${attempt(e)}`;
    case 'authorised':
      return `Authorised ${money(e)}${attempt(e)}: the money is held until it is captured`;
    case 'captured':
      return `Captured ${money(e)}${by(e)}`;
    case 'paid':
      return `Paid ${money(e)}${attempt(e)}`;
    case 'declined':
      return `Payment declined${attempt(e)}${e.reason ? `: ${gatewayMessageText(e.reason).text}` : ''}`;
    case 'cancelled':
      return `Payment cancelled${by(e)}${attempt(e)}`;
    case 'review':
      return `Held for review by the gateway's risk checks${attempt(e)}`;
    case 'unknown':
      return `Outcome not known yet${attempt(e)}: the backend asks the gateway`;
    case 'refund_requested':
      return `Refund of ${money(e)} requested${by(e)}`;
    case 'refund_succeeded':
      return `Refund of ${money(e)} succeeded`;
    case 'refund_failed':
      return `Refund of ${money(e)} failed${e.reason ? `: ${refundFailureText(e.reason)}` : ''}`;
    case 'dispute_opened':
      return `Chargeback of ${money(e)} opened${e.reason ? `: ${e.reason}` : ''}`;
    case 'dispute_won':
      return `Chargeback of ${money(e)} won: the money stays with the shop`;
    case 'dispute_lost':
      return `Chargeback of ${money(e)} lost: the money went back to the cardholder`;
  }
}

/** A failed refund's `<code>:<text>` as the text, the code left to the technical details. */
function refundFailureText(message: string): string {
  const [, text] = /^[A-Z]?\d+:(.*)$/.exec(message) ?? [];
  return (text ?? message).trim();
}

/**
 * The order in one sentence, as an owner looks for it first: how it was paid, how much, and who captured it when.
 * "Visa •••• 4242, paid JPY 14,480, captured by owner@shop.example on 13 Nov 2026". Never more of the card than
 * its brand and last four digits (all the backend has).
 */
export function orderSummaryText(order: OrderDetail): string {
  const paidWith = order.card
    ? `${order.card.brand} •••• ${order.card.last4}`
    : order.method
      ? methodText(order.method)
      : 'No payment yet';
  const amount = formatAmount(order.amount, order.currency);
  const captured = (order.timeline ?? []).findLast((e) => e.what === 'captured');
  const parts = [paidWith];
  switch (order.status) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded': {
      parts.push(`paid ${formatAmount(order.captured ?? order.amount, order.currency)}`);
      if (captured) parts.push(`captured${by(captured)} on ${dayText(captured.at)}`);
      else {
        const paid = (order.timeline ?? []).findLast((e) => e.what === 'paid');
        if (paid) parts.push(`on ${dayText(paid.at)}`);
      }
      if (order.refunded) parts.push(`${formatAmount(order.refunded, order.currency)} refunded`);
      break;
    }
    case 'authorised':
      parts.push(`authorised ${amount}, not captured yet`);
      break;
    case 'declined': {
      const declined = (order.timeline ?? []).findLast((e) => e.what === 'declined');
      parts.push(`${amount} declined${declined?.reason ? `: ${gatewayMessageText(declined.reason).text}` : ''}`);
      break;
    }
    case 'cancelled':
      parts.push(`${amount}, cancelled`);
      break;
    case 'pending':
      parts.push(`${amount}, waiting for the shopper or the bank`);
      break;
    case 'review':
      parts.push(`${amount}, held for review`);
      break;
    case 'unknown':
      parts.push(`${amount}, outcome not known yet`);
      break;
    case 'created':
      parts.push(`${amount}, not paid yet`);
      break;
  }
  if (order.lost_in_disputes) parts.push(`${formatAmount(order.lost_in_disputes, order.currency)} lost in disputes`);
  return parts.join(', ');
}
