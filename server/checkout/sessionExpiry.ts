/**
 * What a checkout session's `expires_at` means for a payment already started (issue #18; README "Sessions and
 * expiry"). Before it the shopper can start, reopen and be shown a payment page. After it nothing new reaches the
 * shopper: no new attempt, no reopened card page, and a card page link handed out before the expiry opens only
 * within `FRAME_LINK_GRACE_MS` (the widget loads it at once: this is for the shopper who pressed "pay" in the last
 * seconds; a repeated payment call within it is answered as before, after it with 410). A page the shopper already has open at the gateway or at an issuer can still be paid: the backend
 * cannot stop the shopper's bank, so that payment is recorded as the gateway reports it (money is never hidden),
 * and one confirmed later than `LATE_PAYMENT_GRACE_MS` after the expiry is flagged for the owner.
 */
export const FRAME_LINK_GRACE_MS = 5 * 60_000;
/** The gateway's own page lifetime: a payment confirmed later than this after the expiry is flagged. */
export const LATE_PAYMENT_GRACE_MS = 30 * 60_000;

/** Whether `now` is past the session's `expiresAt` plus `graceMs`. */
export function pastExpiry(expiresAt: string, now: Date, graceMs = 0): boolean {
  return now.getTime() >= Date.parse(expiresAt) + graceMs;
}
