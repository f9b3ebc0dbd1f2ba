import { randomBytes, randomUUID } from 'node:crypto';

/** Gateway-side identifiers. Transaction ids carry no "-": refund references append `-<sequence>` to them. */
export function newTransactionId(): string {
  return 'T' + randomBytes(10).toString('hex').toUpperCase();
}

export function newPayoutId(): string {
  return 'P' + randomBytes(10).toString('hex').toUpperCase();
}

/** The acquirer's reference shown as reference_no (docs/gateway-api.md 2.6). */
export function newReferenceNo(): string {
  return 'R' + randomBytes(6).toString('hex').toUpperCase();
}

/** Unguessable token in hosted page and issuer URLs, so a transaction id alone cannot pay or cancel an order. */
export function newPageToken(): string {
  return randomBytes(18).toString('base64url');
}

export function newNotifyId(): string {
  return randomUUID();
}

/** A stored-card token (spec 2.2 token_id, <= 50 characters): random, so it says nothing about the card. */
export function newCardToken(): string {
  return 'tok_' + randomBytes(12).toString('hex');
}
