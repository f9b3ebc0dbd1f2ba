import type { AuditEvent } from './api/client';
import { formatAmount } from './formatMoney';

/** Each kind of audit line in words; a kind not listed shows as it is. */
const KIND_TEXT: Readonly<Record<string, string>> = {
  refund: 'Refund',
  capture: 'Capture',
  cancel: 'Cancel',
  review: 'Review',
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused',
  orders_export: 'Export',
  user: 'Team',
  user_locked: 'Account locked',
  api_key: 'API key',
  settings: 'Settings',
  payment_methods: 'Payment methods',
  payout: 'Payout',
  recipient: 'Recipient',
  shop_endpoint: 'Shop events endpoint',
  gateway_call: 'Call to the gateway',
  notification: 'Notification from the gateway',
  transition: 'Status change',
  ignored: 'Message ignored',
  mismatch: 'Not applied: does not match the order',
  dispute: 'Chargeback',
  alert: 'Alert',
  payment: 'Payment',
  stranded: 'Payment stranded',
  unknown_status: 'Status not known',
  abandoned: 'Payment abandoned',
  saved_card_removed: 'Saved card removed',
  return: 'Shopper returned',
};

/** A refund's state in the owner's words. */
const REFUND_STATE: Readonly<Record<string, string>> = {
  requested: 'being sent',
  received: 'sent, not finished yet',
  accepted: 'sent, not finished yet',
  succeeded: 'succeeded',
  failed: 'failed',
};

/** What an audit line is about, in words: its kind, then what it says ("Refund: refund BRL 5.00 ..."). */
export function auditWhat(e: Pick<AuditEvent, 'type' | 'summary'>): { kind: string; text: string } {
  return { kind: KIND_TEXT[e.type] ?? e.type, text: typeof e.summary === 'string' ? e.summary : '' };
}

/** The amount a line is about, when it names one (a refund line carries its refund's). */
export function auditAmount(e: Pick<AuditEvent, 'refund'>): string {
  return e.refund ? formatAmount(e.refund.amount, e.refund.currency) : '';
}

/** How it ended: a refund's state now (with why it failed), a sign-in's result; empty for the rest. */
export function auditOutcome(e: Pick<AuditEvent, 'type' | 'refund'>): string {
  if (e.refund) {
    const state = REFUND_STATE[e.refund.status] ?? e.refund.status;
    const why =
      e.refund.status === 'failed' && e.refund.message ? `: ${e.refund.message.replace(/^[A-Z]?\d+:/, '')}` : '';
    return `Refund ${state}${why}`;
  }
  if (e.type === 'sign_in') return 'Signed in';
  if (e.type === 'sign_in_failed') return 'Refused';
  return '';
}

/** The most characters a line's details show; the rest is cut, saying how much. */
const MAX_DETAIL = 2_000;

/** A line's details as text, bounded: never a page of raw JSON. */
export function boundedDetail(detail: unknown): string {
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail, null, 1);
  return text.length <= MAX_DETAIL
    ? text
    : `${text.slice(0, MAX_DETAIL)}… (${text.length - MAX_DETAIL} more characters)`;
}
