/**
 * The gateway's notification receiver (`POST /hooks/gateway`, routes/hooks.ts): a notification is a cue. Each one of
 * this merchant account is stored as a cue naming its payment (cues.ts) and acknowledged, and the payment is then
 * asked about (processCues.ts: refund search and query, batched, throttled per payment); only the answers move
 * money state. A verified notification of a kind the profile trusts is applied at once (applyNotification.ts).
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { createBadSignatureHandler } from './queryOnBadSignature';
export type { OnBadSignature } from './queryOnBadSignature';
export { processDueCues } from './processCues';
