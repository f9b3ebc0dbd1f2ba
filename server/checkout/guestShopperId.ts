import { createHmac } from 'node:crypto';

/**
 * The docs require a shopper_id on every payment. A guest has none, so one is derived from the checkout
 * session: stable across the session's attempts, 34 characters (<= 64), and meaningless without the key, so
 * neither the e-mail nor the session id travels in clear.
 */
export function guestShopperId(sessionId: string, key: string): string {
  return `g_${createHmac('sha256', key).update(`shopper_id:${sessionId}`).digest('hex').slice(0, 32)}`;
}
