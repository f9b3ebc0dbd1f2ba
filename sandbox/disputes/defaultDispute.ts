/** What a dispute says when its opener does not: fraud, the commonest chargeback reason, and a week to answer. */
export const DEFAULT_REASON_CODE = '4837';
export const DEFAULT_REASON = 'No cardholder authorisation';
const RESPOND_WITHIN_DAYS = 7;

/** YYYYMMDD, `RESPOND_WITHIN_DAYS` after `now` (UTC). */
export function defaultRespondBy(now: number): string {
  return new Date(now + RESPOND_WITHIN_DAYS * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}
